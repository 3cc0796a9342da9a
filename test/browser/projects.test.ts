// Projects in the sidebar, in Chromium against the built product (issue 25, point 1): a project made with the dialog
// and its instructions, two chats started in it whose answers (the offline model's, which says back the settings it
// received) name the project's instructions, a chat moved out and back through its menu and dragged onto a project with
// the mouse, a project deleted while its chats are kept, and the Projects section in a 375 px phone's drawer. One
// browser for the file; the fast product, whose answers end in about a second.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch } from "./support/browser";
import { type ApiSession, apiAccount, call, signInAs } from "./support/seed";

const baseURL = inject("fastBaseURL");

const INSTRUCTIONS = "Answer as a travel planner for Da Lat";
const history = (page: Page) => page.locator("[data-testid=history-item]");
const project = (page: Page, name: string) => page.locator("[data-testid=project]", { hasText: name });

/** Asks in the open chat and returns the answer's text once it has ended. */
async function ask(page: Page, question: string): Promise<string> {
  await page.fill("[data-testid=chat-input]", question);
  await page.click("[data-testid=send-button]");
  const bot = page.locator('[data-testid=message][data-sender="bot"]').last();
  await bot.waitFor();
  await expect.poll(() => bot.getAttribute("data-streaming"), { timeout: 30_000 }).not.toBe("true");
  return (await bot.textContent()) ?? "";
}

/** Starts a chat in a project from its menu and waits for the chat's page. */
async function newChatIn(page: Page, name: string): Promise<void> {
  const before = page.url();
  await project(page, name).locator("[data-testid=project-menu]").click();
  await page.click("[data-testid=project-new-chat]");
  await expect.poll(() => page.url()).not.toBe(before);
  await expect.poll(() => page.url()).toMatch(/\/c\//);
}

describe("projects in the sidebar", () => {
  let ctx: BrowserContext;
  let page: Page;
  let session: ApiSession;

  beforeAll(async () => {
    session = await apiAccount(baseURL);
    ctx = await launch({ locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await signInAs(page, session);
    // no project yet: no Projects heading, the history keeps the sidebar's height; More offers a new one
    await page.locator("[data-testid=sidebar-more]").waitFor();
    expect(await page.locator("[data-testid=project-new]").count()).toBe(0);
  });
  afterAll(async () => ctx?.close());

  it("creates a project whose instructions reach the model in each of its chats", async () => {
    await page.click("[data-testid=sidebar-more]");
    await page.click("[data-testid=project-new-more]");
    await page.fill("[data-testid=project-name-input]", "Trip");
    await page.fill("[data-testid=project-instructions]", INSTRUCTIONS);
    await page.click("[data-testid=project-save]");
    await project(page, "Trip").waitFor();

    for (const question of ["Where should we stay?", "What should we eat?"]) {
      await newChatIn(page, "Trip");
      expect(await ask(page, question)).toContain(INSTRUCTIONS);
    }
    // both chats are under the project, none in the date groups
    await expect.poll(() => project(page, "Trip").locator("[data-testid=project-chat]").count()).toBe(2);
    expect(await history(page).count()).toBe(0);
  });

  it("moves a chat out of its project and back through its menu", async () => {
    const trip = project(page, "Trip");
    const row = trip.locator("[data-testid=project-chat]").first();
    const chatId = await row.getAttribute("data-chat-id");
    await row.hover();
    await row.locator("[data-testid=history-move]").click();
    await page.click("[data-testid=remove-from-project]");
    await page.locator(`[data-testid=history-item][data-chat-id="${chatId}"]`).waitFor();
    await expect.poll(() => trip.locator("[data-testid=project-chat]").count()).toBe(1);

    const loose = page.locator(`[data-testid=history-item][data-chat-id="${chatId}"]`);
    await loose.hover();
    await loose.locator("[data-testid=history-move]").click();
    await page.locator("[data-testid=move-menu] [data-testid=move-to-project]", { hasText: "Trip" }).click();
    await expect.poll(() => trip.locator("[data-testid=project-chat]").count()).toBe(2);
    expect(await history(page).count()).toBe(0);
    const saved = await call<{ data: { project_id: string | null } }>(session, "GET", `/chat-sessions/${chatId}`);
    expect(saved.data.project_id).not.toBeNull();
  });

  it("moves a chat dragged onto a project with the mouse", async () => {
    const { data } = await call<{ data: { id: string } }>(session, "POST", "/chat-sessions", { title: "Loose chat" });
    await page.reload();
    const loose = page.locator(`[data-testid=history-item][data-chat-id="${data.id}"]`);
    await loose.waitFor();
    // the mouse's own steps (press, several moves, release): Chromium starts an HTML5 drag only once the pointer moves
    // the projects first: their section comes in with the projects' list, moving the history's rows down
    const to = await project(page, "Trip").locator("[data-testid=project-toggle]").boundingBox();
    const from = await loose.locator("a").boundingBox();
    if (!from || !to) throw new Error("the chat or the project is not on screen");
    await page.mouse.move(from.x + 20, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + 40, to.y + to.height / 2, { steps: 10 });
    // released once the project shows it takes the drop (its dragover has run): a slow machine may lag the moves
    const target = project(page, "Trip");
    await expect
      .poll(async () => {
        await page.mouse.move(to.x + 42, to.y + to.height / 2);
        await page.mouse.move(to.x + 40, to.y + to.height / 2);
        return target.evaluate((el) => el.classList.contains("is-drop-target"));
      })
      .toBe(true);
    await page.mouse.up();
    // the server's word first, then the screen's: a failure says which of the two did not follow the drop
    await expect
      .poll(
        async () =>
          (await call<{ data: { project_id: string | null } }>(session, "GET", `/chat-sessions/${data.id}`)).data
            .project_id,
      )
      .toBe(await target.getAttribute("data-project-id"));
    await expect.poll(() => history(page).count()).toBe(0);
    await target
      .locator(`[data-testid=project-chat][data-chat-id="${data.id}"]`)
      .waitFor({ timeout: 10_000 })
      .catch(async (err: unknown) => {
        const toggle = target.locator("[data-testid=project-toggle]");
        const toasts = await page.locator("[data-testid=toast]").allInnerTexts();
        throw new Error(
          `the moved chat is not under the project (expanded: ${await toggle.getAttribute("aria-expanded")}; ` +
            `the project shows: ${JSON.stringify(await target.innerText())}; toasts: ${JSON.stringify(toasts)})`,
          { cause: err },
        );
      });
  });

  it("deletes a project and keeps its chats in the history", async () => {
    await project(page, "Trip").locator("[data-testid=project-menu]").click();
    await page.click("[data-testid=project-delete]");
    await page.click("[data-testid=project-delete-keep]");
    await page.click("[data-testid=project-delete-confirm]");
    await expect.poll(() => page.locator("[data-testid=project]").count()).toBe(0);
    await expect.poll(() => history(page).count()).toBe(3);
  });

  it("shows the Projects section in a 375 px phone's drawer", async () => {
    await call(session, "POST", "/projects", { name: "Thesis" });
    const phone = await launch({ viewport: { width: 375, height: 812 }, locale: "en-US" });
    try {
      const tab = phone.pages()[0] ?? (await phone.newPage());
      await signInAs(tab, session);
      await tab.click("[data-testid=drawer-toggle]");
      const thesis = tab.locator("[data-testid=project]", { hasText: "Thesis" });
      // within the screen once the drawer has slid in
      await expect.poll(async () => (await thesis.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
      const box = await thesis.boundingBox();
      expect(box && box.x + box.width <= 375).toBe(true);
      await thesis.locator("[data-testid=project-menu]").click();
      const menu = tab.locator("[data-testid=project-actions]");
      await menu.waitFor();
      await expect.poll(async () => (await menu.boundingBox())?.x ?? -1).toBeGreaterThan(0);
      const menuBox = await menu.boundingBox();
      expect(menuBox && menuBox.x + menuBox.width <= 375).toBe(true);
    } finally {
      await phone.close();
    }
  });
});
