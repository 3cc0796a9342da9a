// The shared chat's page (/s/<id>), rendered by the worker as one HTML document with its stylesheet inline and no
// script: it paints at once on a phone, reads without JavaScript, and link previews (Zalo, Facebook, Messenger) find
// its title and description in the head. Texts in the visitor's language (locales/share-page/<lng>.json, by the
// product's language rule on Accept-Language). Also the page a revoked or unknown link gets, with a 404.
import en from "../../locales/share-page/en.json";
import ru from "../../locales/share-page/ru.json";
import vi from "../../locales/share-page/vi.json";
import zh from "../../locales/share-page/zh.json";
import type { Language } from "../protocol/language";
import { sharePathOf } from "../protocol/shares";
import { escapeHtml } from "../lib/escape-html";
import { shareMarkdown } from "./share-markdown";
import type { Snapshot, SnapshotMessage } from "./snapshot";

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, vi, ru, zh };

/** A link preview's description: the chat's first question, cut to about this many characters. */
const DESCRIPTION_CHARS = 160;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

/** Light and dark by the device's setting; one column of at most 760 px, readable from 320 px up. */
const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#656d76;--line:#d8dee4;--bubble:#f1f3f5;--accent:#2563eb;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--fg:#e6e8eb;--muted:#9aa4af;--line:#2d333b;--bubble:#1c2128;--accent:#60a5fa;--code:#161b22}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;-webkit-text-size-adjust:100%}
a{color:var(--accent)}
.wrap{max-width:760px;margin:0 auto;padding:16px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:8px 0 16px;border-bottom:1px solid var(--line)}
.brand{font-weight:700;font-size:20px;color:var(--fg);text-decoration:none}
.btn{display:inline-block;padding:10px 16px;border-radius:999px;background:var(--accent);color:#fff;text-decoration:none;font-weight:600;text-align:center}
.btn--ghost{background:transparent;color:var(--accent);border:1px solid var(--accent)}
h1.title{font-size:24px;line-height:1.3;margin:20px 0 4px;overflow-wrap:anywhere}
.meta{color:var(--muted);font-size:14px;margin:0 0 24px}
.msg{margin:0 0 24px}
.who{font-size:13px;font-weight:600;color:var(--muted);margin-bottom:4px}
.msg--user{display:flex;flex-direction:column;align-items:flex-end}
.msg--user .body{background:var(--bubble);border-radius:18px;padding:10px 14px;max-width:85%}
.body{overflow-wrap:anywhere}
.body>:first-child{margin-top:0}.body>:last-child{margin-bottom:0}
.body img{max-width:100%;height:auto;border-radius:12px;display:block}
.body pre{background:var(--code);border:1px solid var(--line);border-radius:8px;padding:12px;overflow-x:auto;font-size:14px;line-height:1.45}
.body code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.body table{border-collapse:collapse;display:block;overflow-x:auto;max-width:100%;overflow-wrap:normal}
.body th,.body td{border:1px solid var(--line);padding:6px 10px;overflow-wrap:normal}
.body blockquote{margin:0;padding-left:12px;border-left:3px solid var(--line);color:var(--muted)}
.files{list-style:none;padding:0;margin:0 0 6px}
.files img{max-width:240px;max-height:240px;border-radius:12px}
.sources{font-size:14px;margin-top:8px}.sources ol{margin:4px 0;padding-left:20px}
.note{color:var(--muted);font-size:14px}
.cta{border-top:1px solid var(--line);margin-top:32px;padding:24px 0;display:flex;flex-direction:column;gap:12px;align-items:center;text-align:center}
.cta .row{display:flex;gap:12px;flex-wrap:wrap;justify-content:center}
.empty{text-align:center;padding:64px 0}
@media print{.top .btn,.cta{display:none}}
`;

function documentOf({
  lang,
  title,
  description,
  url,
  body,
}: {
  lang: Language;
  title: string;
  description: string;
  url: string | null;
  body: string;
}): string {
  const og = url
    ? `<meta property="og:type" content="article"><meta property="og:site_name" content="Mây"><meta property="og:title" content="${escapeHtml(title)}"><meta property="og:description" content="${escapeHtml(description)}"><meta property="og:url" content="${escapeHtml(url)}"><meta property="og:image" content="${escapeHtml(new URL("/icons/icon-512.png", url).href)}"><meta name="twitter:card" content="summary">`
    : "";
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}">${og}<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/**
 * The most of a question the preview reads, in characters: its description is 160. The link and image patterns below
 * retry from every "[" of a line that never closes one, quadratic in its length (4 s for a shared question of 80 kB,
 * on every view of a public page); over this many it is under a millisecond.
 */
const PREVIEW_SOURCE_CHARS = 1_000;

/** Plain text of a question for the preview: Markdown marks and extra space dropped, cut at a word. */
function plainText(markdown: string, max: number): string {
  const longer = markdown.length > PREVIEW_SOURCE_CHARS;
  const flat = markdown
    .slice(0, PREVIEW_SOURCE_CHARS)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*_#>~|]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  // a question read only in part goes on past its preview even when the part is short (mostly a link's address)
  if (flat.length <= max && !longer) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).trimEnd()}…`;
}

function messageHtml(m: SnapshotMessage, t: Texts, render: (md: string) => string): string {
  const who = m.sender === "user" ? t.you : m.model ? `${t.assistant} · ${escapeHtml(m.model)}` : t.assistant;
  const files = m.attachments.length
    ? `<ul class="files">${m.attachments
        .map((a) =>
          a.url
            ? `<li><img src="${escapeHtml(a.url)}" alt="${escapeHtml(a.name)}" loading="lazy"></li>`
            : `<li class="note">📎 ${escapeHtml(fill(t.file, { name: a.name }))}</li>`,
        )
        .join("")}</ul>`
    : "";
  const text = m.text.trim() ? render(m.text) : m.attachments.length ? "" : `<p class="note">${t.empty}</p>`;
  const sources = m.citations.length
    ? `<div class="sources">${t.sources}<ol>${m.citations
        .map(
          (c) =>
            `<li><a href="${escapeHtml(c.url)}" target="_blank" rel="noopener noreferrer nofollow ugc">${escapeHtml(c.title || c.site || c.url)}</a></li>`,
        )
        .join("")}</ol></div>`
    : "";
  const stopped = m.stopped ? `<p class="note">${t.stopped}</p>` : "";
  return `<article class="msg msg--${m.sender}" data-sender="${m.sender}"><div class="who">${who}</div>${files}${text ? `<div class="body">${text}</div>` : ""}${sources}${stopped}</article>`;
}

export interface SharePageInput {
  shareId: string;
  snapshot: Snapshot;
  lang: Language;
  /** The page's absolute URL, for link previews. */
  url: string;
  /** The sharer's affiliate code: the sign-up link credits them. */
  affiliateCode: string | null;
}

export function sharePage({ shareId, snapshot, lang, url, affiliateCode }: SharePageInput): string {
  const t = TEXTS[lang];
  const base = `${sharePathOf(shareId)}/`;
  const render = shareMarkdown(base);
  const firstQuestion = snapshot.messages.find((m) => m.sender === "user" && m.text.trim());
  const description = firstQuestion ? plainText(firstQuestion.text, DESCRIPTION_CHARS) : t.description;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "Asia/Ho_Chi_Minh" }).format(
    snapshot.created_at,
  );
  const signUp = affiliateCode ? `/affiliate/r/${encodeURIComponent(affiliateCode)}?to=register` : "/register";
  const continueHref = `/continue/${shareId}`;
  const body = `<div class="wrap">
<header class="top"><a class="brand" href="/">Mây</a><a class="btn btn--ghost" href="${signUp}" data-testid="share-signup-top">${t.signUp}</a></header>
<main>
<h1 class="title" data-testid="share-title">${escapeHtml(snapshot.title)}</h1>
<p class="meta">${escapeHtml(fill(t.sharedOn, { date }))} · ${t.readOnly}</p>
${snapshot.messages.map((m) => messageHtml(m, t, render)).join("\n")}
</main>
<footer class="cta">
<div class="row"><a class="btn" href="${continueHref}" data-testid="share-continue">${t.continue}</a><a class="btn btn--ghost" href="${signUp}" data-testid="share-signup">${t.signUp}</a></div>
<p class="note">${t.continueHint}</p>
<p class="note">${t.pitch}</p>
<p class="note">${t.disclaimer}</p>
</footer>
</div>`;
  return documentOf({ lang, title: `${snapshot.title} · Mây`, description, url, body });
}

/** The page of a link that was revoked or never existed (answered with a 404). */
export function shareNotFoundPage(lang: Language): string {
  const t = TEXTS[lang];
  const body = `<div class="wrap"><header class="top"><a class="brand" href="/">Mây</a></header><main class="empty"><h1 class="title" data-testid="share-missing">${t.notFoundTitle}</h1><p class="meta">${t.notFoundText}</p><a class="btn" href="/">${t.home}</a></main></div>`;
  return documentOf({ lang, title: `${t.notFoundTitle} · Mây`, description: t.notFoundText, url: null, body });
}
