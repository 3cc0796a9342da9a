// Importing from ChatGPT in a real browser: a signed-in user picks a real-shaped export (its conversations.json: two
// conversations to import, a system prompt alone and a broken entry) in Settings > Security, follows the bar to its
// end and reads the summary, then finds the Vietnamese chat in the history with ChatGPT's branches kept (the answer
// ChatGPT showed, second of two versions); the same file imported again adds nothing and says why.
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { launch, SHOTS_DIR } from "./support/browser";
import { apiAccount, signInAs } from "./support/seed";

const baseURL = inject("baseURL");
const FIXTURE = join(process.cwd(), "test/fixtures/chatgpt-export/conversations.json");

/** Picks the fixture, starts the import and waits for its summary; answers the skipped lines as the page shows them. */
async function importFixture(page: Page): Promise<string[]> {
  const section = page.getByTestId("chatgpt-import");
  await section.waitFor();
  await page.getByTestId("chatgpt-import-file").setInputFiles(FIXTURE);
  expect(await page.getByTestId("chatgpt-import-name").textContent()).toMatch(/^conversations\.json \(\d+ kB\)$/);
  await page.getByTestId("chatgpt-import-start").click();
  await page.getByTestId("chatgpt-import-summary").waitFor();
  const bar = page.getByTestId("chatgpt-import-progress");
  expect(await bar.getAttribute("data-step")).toBe("writing");
  expect(await bar.getAttribute("aria-valuenow")).toBe("100");
  expect(await page.getByTestId("chatgpt-import-status").textContent()).toBe("4 of 4 conversations");
  return page.getByTestId("chatgpt-import-skipped").locator("li").allTextContents();
}

describe("importing from ChatGPT", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it("imports the export's chats with their branches, lists what it skipped, and adds nothing the second time", async () => {
    const owner = await apiAccount(baseURL);
    const ctx = await launch({ locale: "en-US" });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signInAs(page, owner, "/settings?tab=security");

    const skipped = await importFixture(page);
    expect(await page.getByTestId("chatgpt-import-imported").textContent()).toBe("2 chats imported");
    expect(skipped).toEqual(["Broken entry — not a conversation", "Only a system prompt — nothing to show"]);
    await page.getByTestId("chatgpt-import").screenshot({ path: `${SHOTS_DIR}/chat-import-summary.png` });

    // the history, fetched again, lists the imported chats
    await page.getByTestId("chatgpt-import-see-chats").click();
    await page.waitForURL(`${baseURL}/`);
    const trip = page.locator("[data-testid=history-item]", { hasText: "Du lịch Đà Nẵng" });
    await trip.waitFor();
    expect(await page.locator("[data-testid=history-item]", { hasText: "Cat photo" }).count()).toBe(1);

    // opened: the branch ChatGPT showed, its answer the second of two versions
    await trip.locator("a").first().click();
    const answer = page.locator('[data-testid=message][data-sender="bot"]', {
      hasText: "两个人的费用大约是 9,000,000 越南盾。",
    });
    await answer.waitFor();
    expect(await answer.locator("[data-testid=version-position]").textContent()).toBe("2 / 2");
    expect(await answer.getByTestId("versions").getAttribute("aria-label")).toBe("Version 2 of 2");

    // the same file again: nothing new, each conversation said why
    await page.goto(`${baseURL}/settings?tab=security`);
    const again = await importFixture(page);
    expect(await page.getByTestId("chatgpt-import-imported").textContent()).toBe("0 chats imported");
    expect(await page.getByTestId("chatgpt-import-summary").getAttribute("data-imported")).toBe("0");
    expect(again).toEqual([
      "Broken entry — not a conversation",
      "Only a system prompt — nothing to show",
      "Du lịch Đà Nẵng — already imported",
      "Cat photo — already imported",
    ]);
    await page.goto(`${baseURL}/`);
    await page.locator("[data-testid=history-item]").first().waitFor();
    expect(await page.locator("[data-testid=history-item]", { hasText: "Du lịch Đà Nẵng" }).count()).toBe(1);
  });
});
