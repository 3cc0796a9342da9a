// @vitest-environment node
// The upgrade page's prices: the exact amounts per language and currency (Vietnamese VND, English and Chinese USD,
// Russian RUB), the package each choice buys, what is charged (always VND), how amounts are written, and which plan
// cards offer a purchase.
import { describe, expect, it } from "vitest";
import { packagesResponse } from "../../worker/plans/packages";
import {
  currencyFor,
  formatMoney,
  packageTypeFor,
  planAction,
  shownPrice,
} from "../../web/src/features/plans/prices/pricing";

const data = packagesResponse();

describe("shownPrice", () => {
  it("shows Vietnamese in VND: Basic 149,000 / 119,000 and Advanced+ 399,000 / 319,000 a month", () => {
    expect(shownPrice(data, "basic", "monthly", "vi")).toMatchObject({ perMonth: 149_000, currency: "VND" });
    expect(shownPrice(data, "basic", "yearly", "vi")).toMatchObject({ perMonth: 119_000, currency: "VND" });
    expect(shownPrice(data, "advanced", "monthly", "vi").perMonth).toBe(399_000);
    expect(shownPrice(data, "advanced", "yearly", "vi").perMonth).toBe(319_000);
  });

  it("shows English and Chinese in USD: Basic 6 / 4.5 and Advanced+ 16 / 12.5", () => {
    for (const lang of ["en", "zh", "en-US"]) {
      expect(shownPrice(data, "basic", "monthly", lang)).toMatchObject({ perMonth: 6, currency: "USD" });
      expect(shownPrice(data, "basic", "yearly", lang).perMonth).toBe(4.5);
      expect(shownPrice(data, "advanced", "monthly", lang).perMonth).toBe(16);
      expect(shownPrice(data, "advanced", "yearly", lang).perMonth).toBe(12.5);
    }
  });

  it("shows Russian its own prices: Basic 450 / 350 and Advanced+ 1200 / 950", () => {
    expect(shownPrice(data, "basic", "monthly", "ru")).toMatchObject({ perMonth: 450, currency: "RUB" });
    expect(shownPrice(data, "basic", "yearly", "ru").perMonth).toBe(350);
    expect(shownPrice(data, "advanced", "monthly", "ru").perMonth).toBe(1200);
    expect(shownPrice(data, "advanced", "yearly", "ru").perMonth).toBe(950);
  });

  it("charges the package's VND amount whatever the display currency, and a year is twelve displayed months", () => {
    expect(shownPrice(data, "basic", "yearly", "en")).toMatchObject({ chargeVnd: 1_428_000, perPeriod: 54 });
    expect(shownPrice(data, "basic", "yearly", "vi")).toMatchObject({ chargeVnd: 1_428_000, perPeriod: 1_428_000 });
    expect(shownPrice(data, "advanced", "yearly", "vi")).toMatchObject({ chargeVnd: 3_828_000, perPeriod: 3_828_000 });
    expect(shownPrice(data, "basic", "monthly", "ru")).toMatchObject({ chargeVnd: 149_000, perPeriod: 450 });
    expect(shownPrice(data, "advanced", "monthly", "zh").chargeVnd).toBe(399_000);
  });

  it("falls back to USD for a language without a currency of its own", () => {
    expect(currencyFor(data, "fr")).toBe("USD");
  });
});

describe("packageTypeFor", () => {
  it("maps plan and billing to BS_1T, BS_1Y, AD_1T and AD_1Y", () => {
    expect(packageTypeFor(data, "basic", "monthly")).toBe("BS_1T");
    expect(packageTypeFor(data, "basic", "yearly")).toBe("BS_1Y");
    expect(packageTypeFor(data, "advanced", "monthly")).toBe("AD_1T");
    expect(packageTypeFor(data, "advanced", "yearly")).toBe("AD_1Y");
  });
});

describe("formatMoney", () => {
  it("writes each currency the way its language does, decimals only when there are any", () => {
    expect(formatMoney(149_000, "VND", "vi")).toMatch(/^149\.000\s?₫$/);
    expect(formatMoney(1_428_000, "VND", "en")).toBe("₫1,428,000");
    expect(formatMoney(4.5, "USD", "en")).toBe("$4.50");
    expect(formatMoney(16, "USD", "zh")).toBe("US$16");
    expect(formatMoney(1200, "RUB", "ru")).toMatch(/^1\s200\s₽$/);
  });
});

describe("planAction", () => {
  it("marks the user's own plan, offers higher plans and shows lower ones as included", () => {
    expect(planAction("free", "free")).toBe("current");
    expect(planAction("free", "basic")).toBe("buy");
    expect(planAction("free", "advanced")).toBe("buy");
    expect(planAction("basic", "free")).toBe("included");
    expect(planAction("basic", "basic")).toBe("current");
    expect(planAction("basic", "advanced")).toBe("buy");
    expect(planAction("advanced", "basic")).toBe("included");
    expect(planAction("advanced", "advanced")).toBe("current");
  });
});
