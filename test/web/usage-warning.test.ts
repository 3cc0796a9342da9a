// How X-Warning-Level is presented, and the model availability rules that go with it.
import { describe, expect, it } from "vitest";
import { warningLevel } from "../../worker/protocol/rules";
import { isUsable, pickModel, shouldDisable } from "../../web/src/features/models/availability";
import type { Model } from "../../web/src/features/models/models.schemas";
import { outOfUsesNotice } from "../../web/src/features/chat/answer-turn";
import { isWarningLevel, presentWarning } from "../../web/src/features/models/usage-warning";

describe("presentWarning", () => {
  const base = { remaining: 2, plan: "free" as const, model: "GPT 4.1-mini" };

  it("shows nothing for level none", () => {
    expect(presentWarning({ ...base, level: "none" })).toBeNull();
  });

  it("shows zero_remaining as critical, with the urgent wording", () => {
    const view = presentWarning({ ...base, level: "zero_remaining", remaining: 0 });
    expect(view).toMatchObject({ severity: "critical", titleKey: "usage.title.urgent", messageKey: "usage.message.urgent" });
  });

  it("maps critical, warning and notice to their severities and tiers", () => {
    expect(presentWarning({ ...base, level: "critical" })).toMatchObject({ severity: "critical", titleKey: "usage.title.important" });
    expect(presentWarning({ ...base, level: "warning" })).toMatchObject({ severity: "warning", titleKey: "usage.title.warning" });
    expect(presentWarning({ ...base, level: "notice" })).toMatchObject({ severity: "info", titleKey: "usage.title.notice" });
  });

  it("offers the action that fits the plan", () => {
    expect(presentWarning({ ...base, level: "warning", plan: "free" })?.actionKey).toBe("usage.action.upgrade");
    expect(presentWarning({ ...base, level: "warning", plan: "basic" })?.actionKey).toBe("usage.action.upgradeAdvanced");
    expect(presentWarning({ ...base, level: "warning", plan: "advanced" })?.actionKey).toBe("usage.action.promptGuide");
  });

  it("passes the remaining count (never negative) and the model name to the message", () => {
    expect(presentWarning({ ...base, level: "critical", remaining: -3 })?.values).toEqual({ remaining: 0, count: 0, model: "GPT 4.1-mini" });
  });

  it("presents every level the shared rule can produce", () => {
    for (const remaining of [0, 1, 2, 5, 15, 40]) {
      const level = warningLevel(remaining);
      expect(isWarningLevel(level)).toBe(true);
      expect(presentWarning({ ...base, level, remaining }) === null).toBe(level === "none");
    }
  });

  it("rejects header values that are not levels", () => {
    expect(isWarningLevel("panic")).toBe(false);
    expect(isWarningLevel(null)).toBe(false);
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
  const models = [model("a"), model("b", { remaining: 0 }), model("c"), model("p", { allowed: false, premiumRequired: true })];

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

describe("usage texts count in each language's plural forms", () => {
  it("says '1 use' in English and 'остался 1 запрос / 3 запроса / 5 запросов' in Russian", async () => {
    const { createInstance } = await import("i18next");
    const en = (await import("../../locales/en.json")).default;
    const ru = (await import("../../locales/ru.json")).default;
    const vi = (await import("../../locales/vi.json")).default;
    const i18n = createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en }, ru: { translation: ru }, vi: { translation: vi } } });
    const say = (lng: string, remaining: number) => {
      const view = presentWarning({ level: "critical", remaining, plan: "free", model: "GPT" })!;
      return i18n.getFixedT(lng)(view.messageKey, view.values);
    };
    expect(say("en", 1)).toBe("Only 1 GPT use left today.");
    expect(say("en", 2)).toBe("Only 2 GPT uses left today.");
    expect(say("ru", 1)).toBe("Остался всего 1 запрос к GPT на сегодня.");
    expect(say("ru", 3)).toBe("Осталось всего 3 запроса к GPT на сегодня.");
    expect(say("ru", 5)).toBe("Осталось всего 5 запросов к GPT на сегодня.");
    expect(say("vi", 1)).toBe("Chỉ còn 1 lượt GPT hôm nay.");
  });
});

describe("search warnings per plan", () => {
  const search = { remaining: 3, model: "Web search", kind: "search" as const };

  it("use the search wording of each tier, with a line for the plan", () => {
    const tiers = { zero_remaining: "urgent", critical: "important", warning: "warning", notice: "notice" } as const;
    for (const [level, tier] of Object.entries(tiers) as [keyof typeof tiers, string][]) {
      for (const plan of ["free", "basic", "advanced"] as const) {
        expect(presentWarning({ ...search, level, plan })).toMatchObject({
          titleKey: `quota:search.title.${tier}`,
          messageKey: `quota:search.message.${tier}`,
          hintKey: `quota:search.hint.${plan}`,
        });
      }
    }
  });

  it("leave model warnings with their own wording and no plan line", () => {
    expect(presentWarning({ ...search, kind: "model", level: "critical", plan: "free" })).toMatchObject({ titleKey: "usage.title.important", hintKey: null });
    expect(presentWarning({ remaining: 3, model: "GPT", level: "critical", plan: "free" })?.hintKey).toBeNull();
  });
});

describe("outOfUsesNotice", () => {
  it("moves Advanced+ users to another model with a note naming it", () => {
    expect(outOfUsesNotice({ plan: "advanced", model: "Claude 4 pro", next: "GPT 4.1", afterThisUse: true })).toEqual({
      key: "quota:autoSwitched",
      values: { model: "Claude 4 pro", next: "GPT 4.1" },
    });
  });

  it("tells Advanced+ users to come back tomorrow when no model is left (there is no bigger plan)", () => {
    expect(outOfUsesNotice({ plan: "advanced", model: "GPT 4.1", next: null, afterThisUse: false }).key).toBe("quota:comeBackTomorrow");
  });

  it("switches free and Basic users too, and offers the upgrade wording when everything is used up", () => {
    expect(outOfUsesNotice({ plan: "free", model: "o4", next: "GPT 4.1-mini", afterThisUse: true }).key).toBe("models.lockedAfterThis");
    expect(outOfUsesNotice({ plan: "basic", model: "o4", next: "GPT 4.1-mini", afterThisUse: false }).key).toBe("quota:switched");
    expect(outOfUsesNotice({ plan: "basic", model: "o4", next: null, afterThisUse: false }).key).toBe("models.allExhausted");
  });
});

describe("quota texts in the four languages", () => {
  async function i18nWithAll() {
    const { createInstance } = await import("i18next");
    const resources = Object.fromEntries(
      await Promise.all(
        ["en", "vi", "ru", "zh"].map(async (l) => [
          l,
          { translation: (await import(`../../locales/${l}.json`)).default, quota: (await import(`../../locales/quota/${l}.json`)).default },
        ]),
      ),
    );
    const i18n = createInstance();
    await i18n.init({ lng: "en", fallbackLng: false, resources });
    return i18n;
  }

  it("has every search tier, plan line, switch note and prompt-guide text in vi, en, ru and zh", async () => {
    const i18n = await i18nWithAll();
    for (const lng of ["en", "vi", "ru", "zh"]) {
      const t = i18n.getFixedT(lng);
      for (const level of ["zero_remaining", "critical", "warning", "notice"] as const) {
        for (const plan of ["free", "basic", "advanced"] as const) {
          const view = presentWarning({ level, remaining: 2, plan, model: "x", kind: "search" })!;
          for (const key of [view.titleKey, view.messageKey, view.hintKey!]) {
            expect(i18n.exists(key, { lng, count: 2 }), `${lng} ${key}`).toBe(true);
            expect(t(key, view.values)).not.toContain("{{");
          }
        }
      }
      for (const key of ["quota:autoSwitched", "quota:switched", "quota:comeBackTomorrow", "models.lockedAfterThis", "models.allExhausted", "quota:promptGuide.title", "quota:promptGuide.tips.iterate.text"]) {
        expect(i18n.exists(key, { lng }), `${lng} ${key}`).toBe(true);
      }
    }
  });

  it("counts web searches in each language's plural forms and names the plan's way forward", async () => {
    const i18n = await i18nWithAll();
    const say = (lng: string, remaining: number, plan: "free" | "advanced" = "free") => {
      const view = presentWarning({ level: "critical", remaining, plan, model: "Web search", kind: "search" })!;
      const t = i18n.getFixedT(lng);
      return `${t(view.messageKey, view.values)} ${t(view.hintKey!)}`;
    };
    expect(say("en", 1)).toBe("Only 1 web search left today. Upgrade to get many more web searches every day.");
    expect(say("en", 2, "advanced")).toBe("Only 2 web searches left today. Web searches come back tomorrow at 00:00 (Vietnam time).");
    expect(say("ru", 3)).toMatch(/^Осталось всего 3 веб-поиска на сегодня\./);
    expect(say("ru", 5)).toMatch(/^Осталось всего 5 веб-поисков/);
    expect(say("vi", 1)).toMatch(/^Chỉ còn 1 lượt tìm kiếm web hôm nay\./);
  });

  it("names both models when Advanced+ is switched", async () => {
    const i18n = await i18nWithAll();
    const notice = outOfUsesNotice({ plan: "advanced", model: "Claude 4 pro", next: "GPT 4.1", afterThisUse: true });
    expect(i18n.getFixedT("en")(notice.key, notice.values)).toBe("Claude 4 pro has no uses left today. Switched to GPT 4.1 so you can keep going.");
  });
});
