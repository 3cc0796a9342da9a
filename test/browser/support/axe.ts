// Accessibility check for the browser tests: runs axe-core (the page's DOM, WCAG 2.x A/AA and best-practice rules, with
// WCAG 2.2's target size)
// inside the page and fails on serious or critical violations, listing each rule with the elements it found.
// axe is injected through the DevTools protocol (page.evaluate), which the app's CSP (script-src 'self') allows.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  /** Each element found, with axe's reason (for contrast: the colours and the ratio). */
  targets: string[];
}

/** Every violation axe finds in the page as it is now. */
export async function axeViolations(page: Page): Promise<A11yViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Node = { target: unknown[]; any: { message: string }[] };
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: Node[] }[] }>;
        };
      }
    ).axe;
    // with WCAG 2.2's target size (24 × 24 CSS px or spaced apart), which axe leaves off by default and Lighthouse runs
    const result = await axe.run(document, {
      resultTypes: ["violations"],
      rules: { "target-size": { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(" ")} — ${n.any[0]?.message ?? ""}`),
    }));
  });
}

/** Fails when the page has a serious or critical accessibility violation; `screen` names it in the message. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => `  ${v.impact} ${v.id}: ${v.help}\n    ${v.targets.slice(0, 5).join("\n    ")}`)
    .join("\n");
  expect(serious, `${screen}: ${serious.length} serious or critical accessibility violation(s)\n${report}`).toEqual([]);
}
