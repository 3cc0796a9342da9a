// The user's own data in a real browser: a user with a chat downloads everything from Settings > Security and gets one
// zip holding their profile and the chat as Markdown; a user deletes their account with the password and lands on the
// guests' landing page, while their other signed-in browser is told at once that the account was deleted, and the old
// password no longer signs in.
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { launch, SHOTS_DIR, settled } from "./support/browser";
import { apiAccount, savedChat, signInAs } from "./support/seed";

const baseURL = inject("baseURL");

/** Resolves once the page's socket has authenticated (the server's first answer: the active sessions). */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on("websocket", (ws) =>
      ws.on("framereceived", (frame) => {
        if (String(frame.payload).includes("active_sessions_info")) resolve();
      }),
    ),
  );
}

describe("your data", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it("downloads as one zip from Settings > Security, with the profile and each chat as Markdown", async () => {
    const owner = await apiAccount(baseURL, "Minh Tran");
    await savedChat(owner, "Trip to Huế", ["Take the night train to **Huế**, then a boat on the Perfume River."]);
    const ctx = await launch();
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signInAs(page, owner, "/settings?tab=security");
    const section = page.getByTestId("data-export");
    await section.waitFor();
    expect(await section.textContent()).toContain("every version of each message");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("data-export-start").click(),
    ]);
    await page.getByTestId("data-export-done").waitFor();
    expect(download.suggestedFilename()).toMatch(/^may-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await page.getByTestId("data-export-done").textContent()).toBe(`Downloaded ${download.suggestedFilename()}`);
    await section.screenshot({ path: `${SHOTS_DIR}/account-data-downloaded.png` });

    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(Object.keys(files)).toContain("profile.json");
    const profile = JSON.parse(text("profile.json"));
    expect(profile.account.email).toBe(owner.email);
    expect(profile.account.name).toBe("Minh Tran");
    const markdown = Object.keys(files).filter((name) => /^chats\/.*\.md$/.test(name));
    expect(markdown).toHaveLength(1);
    expect(markdown[0]).toMatch(/Trip to Huế\.md$/);
    expect(text(markdown[0]!)).toMatch(/^# Trip to Huế\n/);
    expect(text(markdown[0]!)).toContain("Take the night train to **Huế**, then a boat on the Perfume River.");
  });

  it("is deleted with the password: this browser lands on '/', the other is signed out, the password no longer works", async () => {
    const owner = await apiAccount(baseURL);
    await savedChat(owner, "Soon gone", ["Nothing stays."]);

    // another browser of the same user, signed in with its socket open
    const other = await launch();
    contexts.push(other);
    const otherPage = await other.newPage();
    const otherSocket = socketReady(otherPage);
    await signInAs(otherPage, owner);
    await otherSocket;

    const ctx = await launch();
    contexts.push(ctx);
    const page = await ctx.newPage();
    const ownSocket = socketReady(page);
    await signInAs(page, owner, "/settings?tab=security");
    await ownSocket;

    await page.getByTestId("delete-account-open").click();
    await page.getByTestId("delete-account-dialog").waitFor();
    await page.getByTestId("delete-account-password").fill(owner.password);
    expect(await page.getByTestId("delete-account-submit").isDisabled()).toBe(true);
    await page.getByTestId("delete-account-confirm").fill("DELETE");
    await page.screenshot({ path: `${SHOTS_DIR}/account-data-delete-dialog.png` });
    await page.getByTestId("delete-account-submit").click();

    await page.getByTestId("landing-page").filter({ visible: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByText("Your account was deleted.").waitFor();
    await settled(page);
    // this browser deleted it: no "signed out" popup over the landing page, and it stays there
    expect(await page.getByTestId("forced-logout-dialog").filter({ visible: true }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/");
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((k) => !["theme", "theme_follow_system", "language"].includes(k))).toEqual([]);

    const message = otherPage.getByTestId("forced-logout-message");
    await message.waitFor();
    expect(await message.getAttribute("data-reason")).toBe("account_deleted");
    expect(await message.textContent()).toBe("This account was deleted, with all its data.");

    const again = await fetch(`${baseURL}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(again.status).toBe(401);
  });
});
