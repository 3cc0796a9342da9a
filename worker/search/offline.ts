// The search source used when no provider is configured, so the product runs offline (development, demos, tests):
// it searches nothing and says so, in the language of the query (the product's language guess, as the offline chat
// answer uses). Its results are derived only from the query (the same query always gives the same results) and point
// at https://offline.may.invalid/..., a host under the reserved .invalid TLD (RFC 2606) that can never resolve, so no
// one mistakes them for real pages; the answer carries offline: true for the UI's badge.
import { type DetectedLanguage, detectLanguage } from "../protocol/language";
import type { SearchResult } from "./types";

export const OFFLINE_SEARCH_HOST = "offline.may.invalid";

interface OfflineSearchTexts {
  site: string;
  /** A quoted piece of the query, with the language's own quotation marks. */
  quote: (text: string) => string;
  /** Joins the quoted key terms. */
  listSeparator: string;
  /** `{q}` is replaced by the quoted query. */
  searchTitle: string;
  searchSnippet: string;
  /** `{terms}` is replaced by the key terms, unquoted. */
  termsTitle: string;
  /** `{terms}` is replaced by the key terms, each quoted. */
  termsSnippet: string;
  setupTitle: string;
  setupSnippet: string;
}

const TEXTS: Record<DetectedLanguage, OfflineSearchTexts> = {
  en: {
    site: "Mây offline search",
    quote: (text) => `“${text}”`,
    listSeparator: ", ",
    searchTitle: "Offline search: {q}",
    searchSnippet:
      "No web search provider is configured, so Mây did not search the web for this question. The answer uses the model's own knowledge only.",
    termsTitle: "Key terms: {terms}",
    termsSnippet: "A web search would have looked for pages about {terms}.",
    setupTitle: "How to turn on web search",
    setupSnippet:
      "An operator sets SEARCH_PROVIDER (tavily, brave or searxng) and its key or base URL; see the README's configuration table.",
  },
  vi: {
    site: "Tìm kiếm ngoại tuyến của Mây",
    quote: (text) => `“${text}”`,
    listSeparator: ", ",
    searchTitle: "Tìm kiếm ngoại tuyến: {q}",
    searchSnippet:
      "Máy chủ chưa cấu hình nhà cung cấp tìm kiếm web nào, nên Mây không tìm trên web cho câu hỏi này. Câu trả lời chỉ dựa vào kiến thức sẵn có của mô hình.",
    termsTitle: "Từ khóa chính: {terms}",
    termsSnippet: "Nếu được tìm trên web, Mây sẽ tìm các trang nói về {terms}.",
    setupTitle: "Cách bật tìm kiếm web",
    setupSnippet:
      "Người vận hành máy chủ đặt SEARCH_PROVIDER (tavily, brave hoặc searxng) cùng khóa API hoặc URL gốc của dịch vụ đó; xem bảng cấu hình trong README.",
  },
  ru: {
    site: "Офлайн-поиск Mây",
    quote: (text) => `«${text}»`,
    listSeparator: ", ",
    searchTitle: "Офлайн-поиск: {q}",
    searchSnippet:
      "Поставщик веб-поиска не настроен, поэтому Mây не искал ответ на этот вопрос в интернете. Ответ опирается только на собственные знания модели.",
    termsTitle: "Ключевые слова: {terms}",
    termsSnippet: "Веб-поиск искал бы страницы по запросам {terms}.",
    setupTitle: "Как включить веб-поиск",
    setupSnippet:
      "Администратор сервера задаёт SEARCH_PROVIDER (tavily, brave или searxng) и ключ или базовый URL этого сервиса; подробности — в таблице настроек в README.",
  },
  zh: {
    site: "Mây 离线搜索",
    quote: (text) => `「${text}」`,
    listSeparator: "、",
    searchTitle: "离线搜索：{q}",
    searchSnippet: "此服务器未配置网页搜索服务，因此 Mây 没有为这个问题搜索网络。回答仅基于模型自身的知识。",
    termsTitle: "关键词：{terms}",
    termsSnippet: "如果进行网页搜索，会查找与{terms}相关的网页。",
    setupTitle: "如何开启网页搜索",
    setupSnippet:
      "由服务器运营者设置 SEARCH_PROVIDER（tavily、brave 或 searxng）以及对应的密钥或基础 URL；详见 README 中的配置表。",
  },
};

/** The query's distinct words (letters and digits), in order, at most `max`. */
function keyTerms(query: string, max: number): string[] {
  const seen = new Set<string>();
  for (const m of query
    .normalize("NFC")
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}]+/gu)) {
    if (seen.size >= max) break;
    seen.add(m[0]);
  }
  return [...seen];
}

export function searchOffline(query: string, opts: { maxResults: number }): SearchResult[] {
  const q = query.replace(/\s+/gu, " ").trim();
  const encoded = encodeURIComponent(q);
  const terms = keyTerms(q, 8);
  const text = TEXTS[detectLanguage(q)];
  const quotedTerms = terms.length ? terms.map(text.quote).join(text.listSeparator) : text.quote(q);
  const results: SearchResult[] = [
    {
      title: text.searchTitle.replace("{q}", () => text.quote(q)),
      url: `https://${OFFLINE_SEARCH_HOST}/search?q=${encoded}`,
      snippet: text.searchSnippet,
      site: text.site,
    },
    {
      title: text.termsTitle.replace("{terms}", () => terms.join(text.listSeparator) || q),
      url: `https://${OFFLINE_SEARCH_HOST}/terms/${terms.map(encodeURIComponent).join("+") || encoded}`,
      snippet: text.termsSnippet.replace("{terms}", () => quotedTerms),
      site: text.site,
    },
    {
      title: text.setupTitle,
      url: `https://${OFFLINE_SEARCH_HOST}/setup`,
      snippet: text.setupSnippet,
      site: text.site,
    },
  ];
  return results.slice(0, Math.max(1, opts.maxResults));
}
