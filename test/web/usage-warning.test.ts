// How X-Warning-Level is presented, the model availability rules that go with it, the switch away from a model that
// ran out (never silent), and every quota text in the four languages, counted in each one's plural forms.
import { createStore } from "jotai";
import { beforeEach, describe, expect, it } from "vitest";
import { WARNING_LEVELS, quotaDay, warningLevel } from "../../worker/protocol/rules";
import { USED_UP_HEADERS, readUsageHeaders, usageHeaders } from "../../worker/protocol/usage";
import { isUsable, pickModel, shouldDisable } from "../../web/src/features/models/availability";
import { settleWantedModel, switchFromUsedUp } from "../../web/src/features/models/on-demand/model-switch";
import { disabledModelsAtom, selectedModelAtom, usageWarningAtom } from "../../web/src/features/models/models.atoms";
import type { Model, ModelsResponse } from "../../web/src/features/models/models.schemas";
import { type QuotaKind, TIER, presentWarning } from "../../web/src/features/models/on-demand/usage-warning";

describe("presentWarning", () => {
  const base = { remaining: 2, plan: "free" as const, model: "GPT 4.1-mini" };

  it("shows nothing for level none", () => {
    expect(presentWarning({ ...base, level: "none" })).toBeNull();
  });

  it("shows zero_remaining as critical, with the urgent wording and the plan's line for a used-up quota", () => {
    const view = presentWarning({ ...base, level: "zero_remaining", remaining: 0 });
    expect(view).toMatchObject({
      severity: "critical",
      titleKey: "quota:model.title.urgent",
      messageKey: "quota:model.message.urgent",
      hintKey: "quota:model.plan.out.free",
    });
  });

  it("maps critical, warning and notice to their severities and tiers", () => {
    expect(presentWarning({ ...base, level: "critical" })).toMatchObject({
      severity: "critical",
      titleKey: "quota:model.title.important",
    });
    expect(presentWarning({ ...base, level: "warning" })).toMatchObject({
      severity: "warning",
      titleKey: "quota:model.title.warning",
    });
    expect(presentWarning({ ...base, level: "notice" })).toMatchObject({
      severity: "info",
      titleKey: "quota:model.title.notice",
      hintKey: "quota:model.plan.low.free",
    });
  });

  it("offers the action that fits the plan", () => {
    expect(presentWarning({ ...base, level: "warning", plan: "free" })?.actionKey).toBe("usage.action.upgrade");
    expect(presentWarning({ ...base, level: "warning", plan: "basic" })?.actionKey).toBe(
      "usage.action.upgradeAdvanced",
    );
    expect(presentWarning({ ...base, level: "warning", plan: "advanced" })?.actionKey).toBe("usage.action.promptGuide");
  });

  it("passes the count (never negative) and the model name to the message", () => {
    expect(presentWarning({ ...base, level: "critical", remaining: -3 })?.values).toEqual({
      count: 0,
      model: "GPT 4.1-mini",
      next: "",
    });
  });

  it("names the model switched to, or that none is left, in place of the plan's line", () => {
    const out = { ...base, level: "zero_remaining" as const, remaining: 0 };
    expect(presentWarning({ ...out, switchedTo: "GPT o4-mini" })).toMatchObject({
      hintKey: "quota:model.switched.free",
      values: { model: "GPT 4.1-mini", next: "GPT o4-mini" },
    });
    expect(presentWarning({ ...out, plan: "advanced", switchedTo: null })?.hintKey).toBe("quota:model.allOut.advanced");
  });

  it("gives web searches and image generations their own wording", () => {
    expect(presentWarning({ ...base, level: "critical", kind: "search" })).toMatchObject({
      messageKey: "quota:search.message.important",
      hintKey: "quota:search.plan.low.free",
    });
    expect(presentWarning({ ...base, level: "zero_remaining", kind: "image", plan: "basic" })).toMatchObject({
      messageKey: "quota:image.message.urgent",
      hintKey: "quota:image.plan.out.basic",
    });
  });

  it("presents every level the shared rule can produce", () => {
    for (const remaining of [0, 1, 2, 5, 15, 40]) {
      const level = warningLevel(remaining);
      expect(WARNING_LEVELS).toContain(level);
      expect(presentWarning({ ...base, level, remaining }) === null).toBe(level === "none");
    }
  });
});

describe("the usage headers, as the worker writes them and the SPA reads them", () => {
  it("carries the uses left, the level and the total as X-Remaining-Usage, X-Warning-Level, X-Total-Usage", () => {
    const headers = new Headers(usageHeaders({ remaining: 5, level: "warning", total: 50 }));
    expect(Object.fromEntries(headers)).toEqual({
      "x-remaining-usage": "5",
      "x-warning-level": "warning",
      "x-total-usage": "50",
    });
    expect(readUsageHeaders(headers)).toEqual({ remaining: 5, level: "warning" });
  });

  it("says nothing was used up to the last use in a refusal's headers", () => {
    expect(readUsageHeaders(new Headers(USED_UP_HEADERS))).toEqual({ remaining: 0, level: "zero_remaining" });
  });

  it("reads no usage from an answer without a count, or with one that is not a number", () => {
    expect(readUsageHeaders(new Headers())).toBeNull();
    expect(readUsageHeaders(new Headers({ "X-Remaining-Usage": "", "X-Warning-Level": "critical" }))).toBeNull();
    expect(readUsageHeaders(new Headers({ "X-Remaining-Usage": "many", "X-Warning-Level": "critical" }))).toBeNull();
  });

  it("reads a level it does not know as none, keeping the count", () => {
    expect(readUsageHeaders(new Headers({ "X-Remaining-Usage": "3", "X-Warning-Level": "panic" }))).toEqual({
      remaining: 3,
      level: "none",
    });
  });
});

describe("model availability", () => {
  const model = (endpoint: string, extra: Partial<Model> = {}): Model => ({
    id: endpoint,
    endpoint,
    name: endpoint.toUpperCase(),
    descriptions: { free: "", premium: "" },
    supportedFileTypes: [],
    premiumRequired: false,
    fileSupport: false,
    allowed: true,
    remaining: 10,
    total: 10,
    offline: true,
    external: false,
    ...extra,
  });
  const models = [
    model("a"),
    model("b", { remaining: 0 }),
    model("c"),
    model("p", { allowed: false, premiumRequired: true }),
  ];

  it("keeps the last daily use reachable: a model is disabled once a send leaves 0 uses, not 1", () => {
    expect(shouldDisable(2)).toBe(false);
    expect(shouldDisable(1)).toBe(false);
    expect(shouldDisable(0)).toBe(true);
  });

  it("treats premium-locked, used-up and client-disabled models as unusable", () => {
    expect(isUsable(models[0]!, [])).toBe(true);
    expect(isUsable(models[1]!, [])).toBe(false);
    expect(isUsable(models[3]!, [])).toBe(false);
    expect(isUsable(models[0]!, ["a"])).toBe(false);
  });

  it("keeps the preferred model when usable, else the default, else the first usable, else none", () => {
    expect(pickModel(models, "c", [], "a")?.endpoint).toBe("c");
    expect(pickModel(models, "b", [], "a")?.endpoint).toBe("a");
    expect(pickModel(models, "c", ["c"], "a")?.endpoint).toBe("a");
    expect(pickModel(models, null, ["a"], "a")?.endpoint).toBe("c");
    expect(pickModel(models, null, ["a", "c"], "a")).toBeNull();
  });
});

const entry = (endpoint: string, name: string, extra: Partial<Model> = {}): Model => ({
  id: endpoint,
  endpoint,
  name,
  descriptions: { free: "", premium: "" },
  supportedFileTypes: [],
  premiumRequired: false,
  fileSupport: false,
  allowed: true,
  remaining: 10,
  total: 50,
  offline: true,
  external: false,
  ...extra,
});

describe("switching away from a model that ran out", () => {
  let store: ReturnType<typeof createStore>;
  beforeEach(() => {
    localStorage.clear();
    store = createStore();
  });
  const catalogue = (plan: ModelsResponse["plan"], models: Model[]): ModelsResponse => ({
    models,
    default: "gpt-4.1-mini",
    plan,
  });

  it("moves a free user off the default when its uses are found spent, naming the model that takes over", () => {
    const data = catalogue("free", [
      entry("gpt-4.1-mini", "GPT 4.1-mini", { remaining: 0 }),
      entry("o4-mini", "GPT o4-mini"),
    ]);
    expect(settleWantedModel(store, data)).toBe(true);
    expect(store.get(selectedModelAtom)).toBe("o4-mini");
    expect(store.get(disabledModelsAtom)).toEqual(["gpt-4.1-mini"]);
    expect(store.get(usageWarningAtom)).toEqual({
      level: "zero_remaining",
      remaining: 0,
      model: "GPT 4.1-mini",
      day: quotaDay(),
      switchedTo: "GPT o4-mini",
    });
    expect(settleWantedModel(store, data)).toBe(false); // settled: the new pick answers
  });

  it("moves an Advanced+ user off their own pick the same way", () => {
    store.set(selectedModelAtom, "claude-4-pro");
    const data = catalogue("advanced", [
      entry("gpt-4.1-mini", "GPT 4.1-mini"),
      entry("claude-4-pro", "Claude 4 pro", { remaining: 0 }),
    ]);
    expect(settleWantedModel(store, data)).toBe(true);
    expect(store.get(selectedModelAtom)).toBe("gpt-4.1-mini");
    expect(store.get(usageWarningAtom)).toMatchObject({ model: "Claude 4 pro", switchedTo: "GPT 4.1-mini" });
  });

  it("says that no model is left when none is", () => {
    const data = catalogue("free", [
      entry("gpt-4.1-mini", "GPT 4.1-mini", { remaining: 0 }),
      entry("o4-mini", "GPT o4-mini", { remaining: 0 }),
    ]);
    expect(settleWantedModel(store, data)).toBe(true);
    expect(store.get(selectedModelAtom)).toBeNull();
    expect(store.get(usageWarningAtom)).toMatchObject({ model: "GPT 4.1-mini", switchedTo: null });
  });

  it("leaves a model that can still answer alone", () => {
    expect(settleWantedModel(store, catalogue("free", [entry("gpt-4.1-mini", "GPT 4.1-mini", { remaining: 1 })]))).toBe(
      false,
    );
    expect(store.get(usageWarningAtom)).toBeNull();
  });

  it("keeps the user's pick when a model asked for once (a regeneration) runs out", () => {
    store.set(selectedModelAtom, "o4-mini");
    const data = catalogue("free", [
      entry("gpt-4.1-mini", "GPT 4.1-mini"),
      entry("o4-mini", "GPT o4-mini"),
      entry("deepseek-chat", "DeepSeek"),
    ]);
    switchFromUsedUp(store, data, data.models[2]!);
    expect(store.get(selectedModelAtom)).toBe("o4-mini");
    expect(store.get(disabledModelsAtom)).toEqual(["deepseek-chat"]);
    expect(store.get(usageWarningAtom)).not.toHaveProperty("switchedTo");
  });
});

describe("quota texts: every quota, tier, plan and language, counted", () => {
  const LANGUAGES = ["vi", "en", "ru", "zh"] as const;
  const KINDS: QuotaKind[] = ["model", "search", "image"];
  const LEVELS = Object.keys(TIER) as (keyof typeof TIER)[];
  const PLANS = ["free", "basic", "advanced"] as const;
  const COUNTS = [1, 2, 5, 15, 21];
  /** No digits in the names: the count must be found on its own. */
  const MODEL = "DeepSeek";
  const NEXT = "Claude Pro";

  async function i18nWithAll() {
    const { createInstance } = await import("i18next");
    const resources = Object.fromEntries(
      await Promise.all(
        LANGUAGES.map(async (l) => [
          l,
          {
            translation: (await import(`../../locales/${l}.json`)).default,
            quota: (await import(`../../locales/quota/${l}.json`)).default,
          },
        ]),
      ),
    );
    const i18n = createInstance();
    await i18n.init({ lng: "en", fallbackLng: false, resources });
    return i18n;
  }

  /** Each sentence of a warning as the banner shows it. */
  async function renderer() {
    const i18n = await i18nWithAll();
    return (lng: string, input: Parameters<typeof presentWarning>[0]) => {
      const view = presentWarning(input)!;
      const t = i18n.getFixedT(lng);
      for (const key of [view.titleKey, view.messageKey, view.hintKey]) {
        expect(i18n.exists(key, { lng, count: view.values.count }), `${lng} ${key}`).toBe(true);
      }
      return { title: t(view.titleKey), message: t(view.messageKey, view.values), hint: t(view.hintKey, view.values) };
    };
  }

  /** The same word twice in a row ("lượt lượt"), or the same Han phrase ("次数 次数"). */
  const doubled = (text: string) =>
    /(?:^|[^\p{L}])(\p{L}+)\s+\1(?!\p{L})/iu.test(text) || /(\p{Script=Han}{2,})\s*\1/u.test(text);

  /** The quota's own noun, which must be said once per message: never glued to another quota's. */
  const NOUN: Record<(typeof LANGUAGES)[number], Record<QuotaKind, RegExp>> = {
    vi: { model: /lượt dùng/g, search: /lượt tìm kiếm/g, image: /lượt tạo ảnh/g },
    en: { model: /\buses?\b/g, search: /\bweb search(?:es)?\b/g, image: /\bimage(?: generations?|s)?\b/g },
    ru: { model: /запрос/gi, search: /веб-поиск/gi, image: /изображени/gi },
    zh: { model: /次/g, search: /网络搜索/g, image: /图片/g },
  };

  /** Russian's forms for 1 (and 21), 2 and 5 (and 15). */
  const RU_FORMS: Record<QuotaKind, [string, string, string]> = {
    model: ["запрос", "запроса", "запросов"],
    search: ["веб-поиск", "веб-поиска", "веб-поисков"],
    image: ["изображение", "изображения", "изображений"],
  };
  const ruForm = (n: number) =>
    n % 10 === 1 && n % 100 !== 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2;

  it("reads as one sentence per quota: no doubled word, its own noun once, the count and the right plural form", async () => {
    const render = await renderer();
    for (const lng of LANGUAGES) {
      for (const kind of KINDS) {
        for (const level of LEVELS) {
          for (const plan of PLANS) {
            for (const count of level === "zero_remaining" ? [0] : COUNTS) {
              const { title, message, hint } = render(lng, { level, remaining: count, plan, model: MODEL, kind });
              const where = `${lng} ${kind} ${level} ${plan} ${count}: ${message}`;
              for (const text of [title, message, hint]) {
                expect(text, where).not.toMatch(/\{\{|quota:|^\s*$/);
                expect(doubled(text), `${where} | ${text}`).toBe(false);
              }
              expect(message.match(NOUN[lng][kind])?.length, where).toBe(1);
              expect(message.includes(MODEL), where).toBe(kind === "model");
              if (level === "zero_remaining") {
                expect(message, where).not.toMatch(/\d/);
                continue;
              }
              expect(message, where).toMatch(new RegExp(`(^|\\D)${count}(\\D|$)`));
              if (lng === "ru")
                expect(message, where).toMatch(
                  new RegExp(`${count} ${RU_FORMS[kind][ruForm(count)]}(?![\\p{L}])`, "u"),
                );
              if (lng === "en") {
                const noun = message.match(new RegExp(`${count} (?:more |web |image )?([a-z]+)`))?.[1];
                expect(noun?.endsWith("s"), where).toBe(count !== 1);
              }
            }
          }
        }
      }
    }
  });

  it("names the model that took over, or says none is left, in each plan's words", async () => {
    const render = await renderer();
    for (const lng of LANGUAGES) {
      for (const plan of PLANS) {
        const out = { level: "zero_remaining" as const, remaining: 0, plan, model: MODEL };
        const switched = render(lng, { ...out, switchedTo: NEXT });
        const allOut = render(lng, { ...out, switchedTo: null });
        for (const text of [switched.hint, allOut.hint]) {
          expect(text).not.toMatch(/\{\{|quota:/);
          expect(doubled(text), `${lng} ${plan}: ${text}`).toBe(false);
        }
        expect(switched.hint, `${lng} ${plan}`).toContain(NEXT);
        expect(allOut.hint).not.toContain(NEXT);
        expect(switched.message, `${lng} ${plan}`).toContain(MODEL);
      }
    }
  });

  it("says a few of them exactly", async () => {
    const render = await renderer();
    const say = (
      lng: string,
      input: Omit<Parameters<typeof presentWarning>[0], "plan"> & { plan?: "free" | "basic" | "advanced" },
    ) => render(lng, { plan: "free", ...input });
    expect(say("vi", { level: "critical", remaining: 2, model: "GPT 4.1-mini" }).message).toBe(
      "Chỉ còn 2 lượt dùng GPT 4.1-mini hôm nay.",
    );
    expect(say("vi", { level: "critical", remaining: 2, model: "", kind: "image" }).message).toBe(
      "Chỉ còn 2 lượt tạo ảnh hôm nay.",
    );
    expect(say("vi", { level: "zero_remaining", remaining: 0, model: "", kind: "image" }).message).toBe(
      "Bạn đã dùng hết lượt tạo ảnh hôm nay.",
    );
    expect(say("zh", { level: "zero_remaining", remaining: 0, model: "", kind: "image" }).message).toBe(
      "今天的图片生成次数已全部用完。",
    );
    expect(say("zh", { level: "critical", remaining: 2, model: "", kind: "image" }).message).toBe(
      "今天只能再生成 2 张图片了。",
    );
    expect(say("en", { level: "critical", remaining: 2, model: "", kind: "image" }).message).toBe(
      "Only 2 image generations left today.",
    );
    expect(say("en", { level: "critical", remaining: 1, model: "", kind: "search" }).message).toBe(
      "Only 1 web search left today.",
    );
    expect(say("ru", { level: "warning", remaining: 21, model: "GPT 4.1-mini" }).message).toBe(
      "Остался 21 запрос к GPT 4.1-mini на сегодня.",
    );
    expect(say("ru", { level: "notice", remaining: 5, model: "", kind: "image" }).message).toBe(
      "Вы можете создать сегодня ещё 5 изображений.",
    );
    expect(say("ru", { level: "critical", remaining: 2, model: "", kind: "search" }).message).toBe(
      "Осталось всего 2 веб-поиска на сегодня.",
    );
    const out = { level: "zero_remaining" as const, remaining: 0, model: "GPT 4.1-mini", switchedTo: "GPT o4-mini" };
    expect(say("vi", out)).toEqual({
      title: "Đã hết lượt dùng",
      message: "GPT 4.1-mini đã hết lượt dùng hôm nay.",
      hint: "Đã chuyển sang GPT o4-mini để bạn hỏi tiếp. Nâng cấp để có thêm lượt dùng mỗi ngày.",
    });
    expect(say("vi", { ...out, plan: "advanced" }).hint).toBe(
      "Đã tự động chuyển sang GPT o4-mini để bạn hỏi tiếp. GPT 4.1-mini sẽ có lại lượt dùng vào 00:00 ngày mai (giờ Việt Nam).",
    );
    expect(say("en", { ...out, plan: "advanced" }).hint).toBe(
      "Switched to GPT o4-mini automatically so you can keep asking. GPT 4.1-mini is back tomorrow at 00:00 (Vietnam time).",
    );
  });
});
