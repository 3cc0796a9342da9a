// The conversation in a real browser, end to end against the product with its offline model and offline search
// source: edit a question into a new version with an edit reply, and regenerate an answer with its model and with
// another (each a use), moving between the versions with ‹ › (the choice survives a reload); continue from an answer
// in a new chat; rate an answer down with a reason (kept after a reload);
// a time-sensitive question answered with citations without touching the toggle; the toggle with today's searches
// used up shows the critical warning and cancels the send; an old chat found by a word inside one of its answers;
// search inside a long chat, stepping to a match in an older page; find in chat marking each matching word, the
// current one in view below its bar; a model whose day of uses was spent elsewhere is left with a Vietnamese alert
// naming the model that takes over, for a free and an Advanced+ user.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, settled } from "./support/browser";
import { type ApiSession, apiAccount, payForPlan, signInAs, spendUses } from "./support/seed";

// the product whose offline model ends an answer in about a second (./support/server.ts): these tests wait for answers
// to end, never act while one is being written
const baseURL = inject("fastBaseURL");

async function call(s: ApiSession, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${s.token}`,
      "X-Session-Token": s.sessionToken,
      "Content-Type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function newChat(s: ApiSession, title: string): Promise<string> {
  const res = await call(s, "POST", "/chat-sessions", { title });
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function save(s: ApiSession, chatId: string, messages: unknown[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 200) {
    const res = await call(s, "POST", "/media-api/api/chat/save", {
      chat_id: chatId,
      messages: messages.slice(i, i + 200),
    });
    if (!res.ok) throw new Error(`save failed: ${res.status} ${await res.text()}`);
  }
}

/** Today's remaining uses of a model as GET /api/models tells the signed-in page. */
const remaining = (page: Page, endpoint: string) =>
  page.evaluate(async (e) => {
    const body = (await (await fetch("/api/models")).json()) as {
      data: { models: { endpoint: string; remaining: number }[] };
    };
    return body.data.models.find((m) => m.endpoint === e)?.remaining ?? -1;
  }, endpoint);

/**
 * The find bar's marks as the page draws them (CSS Custom Highlight API): how many matches are marked, the current
 * one's text and message, and whether it is in view, below the bar and above the list's bottom.
 */
const findMarks = (page: Page) =>
  page.evaluate(() => {
    const all = CSS.highlights.get("find-match");
    const current = CSS.highlights.get("find-current");
    const range = current ? ([...current][0] as Range | undefined) : undefined;
    const list = document.querySelector("[data-testid=message-list]")?.getBoundingClientRect();
    const bar = document.querySelector("[data-testid=find-bar]")?.getBoundingClientRect();
    const rect = range?.getBoundingClientRect();
    return {
      marked: all?.size ?? 0,
      current: range?.toString() ?? null,
      message:
        range?.startContainer.parentElement?.closest<HTMLElement>("[data-message-id]")?.dataset.messageId ?? null,
      inView: Boolean(
        rect &&
          list &&
          bar &&
          rect.height > 0 &&
          rect.top >= Math.max(list.top, bar.bottom) &&
          rect.bottom <= list.bottom,
      ),
    };
  });

/** Messages drawn with the outline of a message brought into view (the find bar marks words instead). */
const outlined = (page: Page) =>
  page.evaluate(
    () =>
      [
        ...document.querySelectorAll<HTMLElement>(
          ".message-row[data-found] .msg__body, .message-row[data-found] .msg__bubble",
        ),
      ].filter((el) => getComputedStyle(el).boxShadow !== "none").length,
  );

const bots = (page: Page) => page.locator('[data-testid=message][data-sender="bot"]');
const users = (page: Page) => page.locator('[data-testid=message][data-sender="user"]');
const answered = (page: Page) => page.waitForSelector("[data-testid=send-button]", { timeout: 60_000 });

/**
 * A regeneration ran to its end: a new answer took the place of the one with `id` (its versions beside it), and was
 * marked streaming, then not. The send button alone proves nothing here: it also shows while the turn is still being
 * set up, before the stream starts. Answers the new answer's id.
 */
async function regenerated(page: Page, id: string | null): Promise<string> {
  const last = () => bots(page).last().getAttribute("data-message-id");
  await expect.poll(last, { timeout: 15_000 }).not.toBe(id);
  const newId = (await last())!;
  const streaming = () => page.locator(`[data-message-id="${newId}"]`).getAttribute("data-streaming");
  await expect.poll(streaming, { timeout: 60_000 }).toBe("false");
  await answered(page);
  return newId;
}

/** The "n / total" of a message's versions switch. */
const position = (row: Locator) => row.locator("[data-testid=version-position]").textContent();

let ctx: BrowserContext;
let page: Page;
let session: ApiSession;

beforeAll(async () => {
  session = await apiAccount(baseURL);
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  await signInAs(page, session);
});
afterAll(async () => ctx?.close());

describe("edit and regenerate", () => {
  it("edits a question into a new version with an edit reply; ‹ › goes back to the first, and the choice survives a reload", async () => {
    await page.fill("[data-testid=chat-input]", "What is pho?");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/c\//);
    await answered(page);
    await expect.poll(() => bots(page).count()).toBe(1);
    const firstAnswer = await bots(page).first().textContent();

    const question = users(page).first();
    await question.hover();
    await question.locator("[data-testid=edit-message]").click();
    const box = question.locator("[data-testid=message-editor-input]");
    await expect.poll(() => box.inputValue()).toBe("What is pho?");
    // Escape leaves it as it was
    await box.press("Escape");
    await expect.poll(() => question.locator("[data-testid=message-editor]").count()).toBe(0);
    await question.hover();
    await question.locator("[data-testid=edit-message]").click();
    await box.fill("What is bún chả?");
    await box.press("Enter");

    await expect.poll(() => question.locator("[data-testid=message-text]").textContent()).toBe("What is bún chả?");
    const reply = page.locator('[data-testid=message][data-edit-reply="true"]');
    await reply.waitFor();
    await answered(page);
    await expect.poll(() => reply.getAttribute("data-streaming")).toBe("false");
    expect(await reply.getAttribute("data-for-edited")).toBe(await question.getAttribute("data-message-id"));
    expect((await reply.textContent())?.length ?? 0).toBeGreaterThan(40);
    // the new version takes the question's place: one question, one answer, and the switch says 2 / 2
    expect([await users(page).count(), await bots(page).count()]).toEqual([1, 1]);
    await expect.poll(() => position(question)).toBe("2 / 2");

    await page.reload();
    const saved = users(page).first();
    // the chat opens at its end (long offline answers): go up to the question once the list is there
    await bots(page).first().waitFor();
    await expect
      .poll(async () => {
        await page.locator("[data-testid=message-list]").evaluate((el) => el.scrollTo(0, 0));
        return saved.locator("[data-testid=edited-mark]").count();
      })
      .toBe(1);
    expect(await saved.locator("[data-testid=message-text]").textContent()).toBe("What is bún chả?");
    await saved.locator("[data-testid=toggle-original]").click();
    expect(await saved.locator("[data-testid=original-message]").textContent()).toContain("What is pho?");
    await page.locator('[data-testid=message][data-edit-reply="true"] [data-testid=edit-reply-label]').waitFor();
    await expect.poll(() => position(saved)).toBe("2 / 2");

    // the first version, with its own answer under it, and still after a reload
    await saved.locator("[data-testid=version-previous]").click();
    await expect.poll(() => saved.locator("[data-testid=message-text]").textContent()).toBe("What is pho?");
    await expect.poll(() => position(saved)).toBe("1 / 2");
    await expect.poll(() => bots(page).first().textContent()).toBe(firstAnswer);
    expect(await page.locator('[data-testid=message][data-edit-reply="true"]').count()).toBe(0);
    await page.reload();
    await bots(page).first().waitFor();
    await expect.poll(() => position(users(page).first())).toBe("1 / 2");
    expect(await users(page).first().locator("[data-testid=message-text]").textContent()).toBe("What is pho?");

    // and forward again
    await users(page).first().locator("[data-testid=version-next]").click();
    await expect
      .poll(() => users(page).first().locator("[data-testid=message-text]").textContent())
      .toBe("What is bún chả?");
    await page.locator('[data-testid=message][data-edit-reply="true"]').waitFor();
  });

  it("regenerates an answer beside the first with its model, then with another model from the menu, each a use", async () => {
    const first = bots(page).last();
    const firstId = await first.getAttribute("data-message-id");
    const firstText = await first.locator(".markdown").textContent();
    const before = await remaining(page, "gpt-4.1-mini");
    await first.hover();
    await first.locator("[data-testid=regenerate]").click();
    const secondId = await regenerated(page, firstId);
    await expect.poll(() => remaining(page, "gpt-4.1-mini")).toBe(before - 1);
    const second = page.locator(`[data-testid=message][data-message-id="${secondId}"]`);
    await expect.poll(() => position(second)).toBe("2 / 2");

    const otherBefore = await remaining(page, "o4-mini");
    // the chat's refetch after the answer redraws its row, which would close a menu opened before it
    await settled(page);
    await second.hover();
    await second.locator("[data-testid=regenerate-menu]").click();
    await page.click('[data-testid=regenerate-model][data-endpoint="o4-mini"]');
    const thirdId = await regenerated(page, secondId);
    const third = page.locator(`[data-testid=message][data-message-id="${thirdId}"]`);
    await expect.poll(() => third.locator(".msg__model").textContent()).toBe("GPT o4-mini");
    await expect.poll(() => remaining(page, "o4-mini")).toBe(otherBefore - 1);
    await expect.poll(() => position(third)).toBe("3 / 3");
    // still one answer in that place, not a new one below it
    expect(await bots(page).count()).toBe(1);

    // every version is kept: back to the first, by its model, with its text
    await third.locator("[data-testid=version-previous]").click();
    await expect.poll(() => position(bots(page).last())).toBe("2 / 3");
    await bots(page).last().locator("[data-testid=version-previous]").click();
    await expect.poll(() => bots(page).last().getAttribute("data-message-id")).toBe(firstId);
    expect(await bots(page).last().locator(".markdown").textContent()).toBe(firstText);
    await expect.poll(() => position(bots(page).last())).toBe("1 / 3");
  });

  it("continues from an answer in a new chat, which the history lists, the first chat unchanged", async () => {
    const chatId = new URL(page.url()).pathname.split("/").at(-1);
    const answer = bots(page).last();
    const answerId = await answer.getAttribute("data-message-id");
    await answer.hover();
    await answer.locator("[data-testid=fork]").click();
    await expect.poll(() => new URL(page.url()).pathname.split("/").at(-1)).not.toBe(chatId);
    const forkId = new URL(page.url()).pathname.split("/").at(-1);
    await expect.poll(() => bots(page).last().getAttribute("data-message-id")).toBe(answerId);
    expect([await users(page).count(), await bots(page).count()]).toEqual([1, 1]);
    // a new chat: its messages have no other versions
    expect(await page.locator("[data-testid=versions]").count()).toBe(0);
    await page.locator(`[data-testid=history-item][data-chat-id="${forkId}"]`).waitFor({ state: "attached" });
    await page.fill("[data-testid=chat-input]", "And what about nem?");
    await page.keyboard.press("Enter");
    await answered(page);
    await expect.poll(() => bots(page).count()).toBe(2);
    await page.goto(`${baseURL}/c/${chatId}`);
    await bots(page).first().waitFor();
    expect(await bots(page).count()).toBe(1);
  });

  it("rates an answer down with a reason, and the rating is still there after a reload", async () => {
    const chatId = await newChat(session, "Rated answer");
    const at = Date.now() - 60_000;
    await save(session, chatId, [
      { message_id: "rate-q", sender: "user", message: "How tall is Fansipan?", created_at: at },
      { message_id: "rate-a", sender: "bot", model: "gpt-4.1-mini", message: "About 3,000 m.", created_at: at + 1 },
    ]);
    await page.goto(`${baseURL}/c/${chatId}`);
    const answer = page.locator('[data-testid=message][data-message-id="rate-a"]');
    await answer.hover();
    await answer.locator("[data-testid=feedback-down]").click();
    await page.locator('[data-testid=feedback-reason][value="inaccurate"]').check();
    await page.fill("[data-testid=feedback-comment]", "It is 3,143 m.");
    await page.click("[data-testid=feedback-send]");
    await expect.poll(() => page.locator("[data-testid=feedback-form]").count()).toBe(0);
    const stored = async () =>
      ((await (await call(session, "GET", `/chat-sessions/${chatId}/feedback`)).json()) as { data: unknown }).data;
    await expect
      .poll(stored)
      .toEqual({ "rate-a": { rating: "down", reason: "inaccurate", comment: "It is 3,143 m." } });
    await page.reload();
    await answer.hover();
    await expect.poll(() => answer.locator("[data-testid=feedback-down]").getAttribute("aria-pressed")).toBe("true");
    expect(await answer.locator("[data-testid=feedback-up]").getAttribute("aria-pressed")).toBe("false");
  });
});

describe("regenerating twice quickly", () => {
  it("from the model menu: a second pick while the first is set up is ignored, one right after it ends runs, and the answer ends not streaming", async () => {
    const id = (await bots(page).last().getAttribute("data-message-id"))!;
    const chatId = new URL(page.url()).pathname.split("/").at(-1);
    const asked: string[] = [];
    const onRequest = (req: import("playwright-core").Request) => {
      const path = new URL(req.url()).pathname;
      if (req.method() === "POST" && path.startsWith("/api/chat/") && path !== "/api/chat/stop") asked.push(path);
    };
    page.on("request", onRequest);
    try {
      await settled(page);
      const row = page.locator(`[data-testid=message][data-message-id="${id}"]`);
      await row.hover();
      await row.locator("[data-testid=regenerate-menu]").click();
      await page.locator('[data-testid=regenerate-model][data-endpoint="o4-mini"]').waitFor();
      // two picks in one go, faster than a hand: o4-mini, then at once the menu again and GPT-4.1 mini
      await page.evaluate((messageId) => {
        const pick = (endpoint: string) =>
          document.querySelector<HTMLElement>(`[data-testid=regenerate-model][data-endpoint="${endpoint}"]`)?.click();
        pick("o4-mini");
        document
          .querySelector<HTMLElement>(
            `[data-testid=message][data-message-id="${messageId}"] [data-testid=regenerate-menu]`,
          )
          ?.click();
        pick("gpt-4.1-mini");
      }, id);
      const secondId = await regenerated(page, id);
      expect(asked).toEqual(["/api/chat/o4-mini"]);
      const second = page.locator(`[data-testid=message][data-message-id="${secondId}"]`);
      await expect.poll(() => second.locator(".msg__model").textContent()).toBe("GPT o4-mini");

      // the moment it has ended, again from the menu
      await second.hover();
      await second.locator("[data-testid=regenerate-menu]").click();
      await page.click('[data-testid=regenerate-model][data-endpoint="gpt-4.1-mini"]');
      const thirdId = await regenerated(page, secondId);
      expect(asked).toEqual(["/api/chat/o4-mini", "/api/chat/gpt-4.1-mini"]);
      expect(await page.locator("[data-testid=stop-button]").count()).toBe(0);
      const third = page.locator(`[data-testid=message][data-message-id="${thirdId}"]`);
      expect(await third.getAttribute("data-streaming")).toBe("false");
      // what the screen shows is what was saved: the answer by the last model picked, no longer running
      const saved = await page.evaluate(
        async ({ chat, messageId }) => {
          const body = await (await fetch(`/chat-sessions/${chat}/content`, { credentials: "same-origin" })).json();
          return body.data.chats[0].messages.find((m: { message_id: string }) => m.message_id === messageId);
        },
        { chat: chatId, messageId: thirdId },
      );
      expect(saved).toMatchObject({ message_id: thirdId, model: "gpt-4.1-mini" });
      expect(saved.isStreaming ?? false).toBe(false);
      await expect.poll(() => third.locator(".msg__model").textContent()).toBe("GPT 4.1-mini");
    } finally {
      page.off("request", onRequest);
    }
  });
});

describe("web search", () => {
  it("answers a time-sensitive question with citations without the toggle, saying the source was offline", async () => {
    await page.click("[data-testid=new-chat]");
    await page.waitForSelector("[data-testid=greeting]");
    expect(await page.getAttribute("[data-testid=search-toggle]", "aria-pressed")).toBe("false");
    await page.fill("[data-testid=chat-input]", "thời tiết hôm nay ở Hà Nội");
    await page.keyboard.press("Enter");
    await answered(page);
    const answer = bots(page).last();
    await answer.locator("[data-testid=citations]").waitFor();
    expect(await answer.locator("[data-testid=citation]").count()).toBeGreaterThan(0);
    await answer.locator("[data-testid=search-offline]").waitFor();
    expect(await page.getAttribute("[data-testid=search-toggle]", "aria-pressed")).toBe("false");
  });

  it("with the toggle on and today's searches used up: the critical warning with an upgrade link, and no send", async () => {
    // use up the day's searches through the API: each search turn takes a use as it starts, then is stopped
    const chatId = await newChat(session, "Searches");
    for (let i = 0; i < 20; i++) {
      const res = await call(session, "POST", "/api/chat/search", { question: `news number ${i}`, chat_id: chatId });
      if (res.status === 403) break;
      expect(res.status).toBe(200);
      const messageId = res.headers.get("X-Message-Id");
      await call(session, "POST", "/api/chat/stop", { message_id: messageId });
      await res.text();
    }
    await page.goto(`${baseURL}/c/${chatId}`);
    await page.locator("[data-testid=message]").first().waitFor();
    // what was asked: the chat's questions as the worker has them (the list on screen is virtualized, so counting its
    // rows would depend on the notices above the input)
    const asked = async () =>
      (await page.evaluate(async (id) => (await (await fetch(`/chat-sessions/${id}/content`)).json()) as any, chatId))
        .data.chats[0].messages.length;
    const before = await asked();
    await page.click("[data-testid=search-toggle]");
    expect(await page.getAttribute("[data-testid=search-toggle]", "aria-pressed")).toBe("true");
    await page.fill("[data-testid=chat-input]", "latest news about rice prices");
    await page.keyboard.press("Enter");
    const warning = page.locator("[data-testid=search-exhausted]");
    await warning.waitFor();
    expect(await warning.getAttribute("role")).toBe("alert");
    expect(await warning.locator("[data-testid=search-upgrade]").getAttribute("href")).toBe("/upgrade");
    expect(await page.inputValue("[data-testid=chat-input]")).toBe("latest news about rice prices");
    await settled(page);
    expect(await asked()).toBe(before);
    expect(
      await page
        .locator('[data-testid=message][data-sender="user"]', { hasText: "latest news about rice prices" })
        .count(),
    ).toBe(0);
    await page.click("[data-testid=search-toggle]");
  });
});

describe("history search", () => {
  it("finds an old chat by a word from inside one of its answers and opens it at that message", async () => {
    const chatId = await newChat(session, "Trip planning");
    const day = 24 * 60 * 60 * 1000;
    const old = Date.now() - 10 * day;
    await save(session, chatId, [
      { message_id: "trip-q", sender: "user", message: "Where should I eat in Huế?", created_at: old },
      {
        message_id: "trip-a",
        sender: "bot",
        model: "gpt-4.1-mini",
        message: "Try the bánh khoái and a bowl of cơm hến by the Perfume river, locals love it.",
        created_at: old + 60_000,
      },
    ]);
    await page.goto(`${baseURL}/`);
    await page.click("[data-testid=open-search]");
    await page.waitForURL(/\/search/);
    await page.fill("[data-testid=history-search-input]", "hen");
    const result = page.locator(`[data-testid=search-result][data-chat-id="${chatId}"]`);
    await result.waitFor();
    expect(await result.locator("mark").first().textContent()).toMatch(/hến/i);
    expect(await result.locator("[data-testid=search-snippet]").textContent()).toContain("Perfume river");
    await result.click();
    await page.waitForURL(new RegExp(`/c/${chatId}`));
    await page.locator('[data-testid=message][data-message-id="trip-a"]').waitFor();
    await expect.poll(() => page.locator('[data-found="true"] [data-message-id="trip-a"]').count()).toBe(1);
  });

  it("opens the search screen with Ctrl+K, the query kept in the URL", async () => {
    await page.keyboard.press("Control+k");
    await page.waitForURL(/\/search/);
    await page.fill("[data-testid=history-search-input]", "Perfume");
    await page.waitForURL(/q=Perfume/);
    await page.locator("[data-testid=search-result]").first().waitFor();
    await page.reload();
    expect(await page.inputValue("[data-testid=history-search-input]")).toBe("Perfume");
    await page.locator("[data-testid=search-group]").first().waitFor();
  });

  it("searches inside a long chat and steps to a match in an older page, loading it", async () => {
    const chatId = await newChat(session, "A long talk");
    const filler = "The river flows past the old town and the market opens early every single morning. ".repeat(12);
    const start = Date.now() - 400 * 60_000;
    const messages = Array.from({ length: 400 }, (_, i) => ({
      message_id: `long-${i}`,
      sender: i % 2 ? "bot" : "user",
      model: i % 2 ? "gpt-4.1-mini" : undefined,
      message: i === 3 || i === 391 ? `A note about kumquats here. ${filler}` : `Message ${i}. ${filler}`,
      created_at: start + i * 60_000,
    }));
    await save(session, chatId, messages);
    await page.goto(`${baseURL}/c/${chatId}`);
    await page.locator('[data-message-id="long-399"]').waitFor();
    expect(await page.locator('[data-message-id="long-3"]').count()).toBe(0);

    await page.click("[data-testid=find-in-chat-open]");
    await page.fill("[data-testid=find-input]", "kumquats");
    const status = page.locator("[data-testid=find-status]");
    await expect.poll(() => status.getAttribute("data-total")).toBe("2");
    // the newest match first
    await expect.poll(() => status.getAttribute("data-current")).toBe("2");
    await expect.poll(() => findMarks(page)).toMatchObject({ message: "long-391", current: "kumquats", inView: true });
    // Enter steps to the older one, in a page not loaded yet
    await page.press("[data-testid=find-input]", "Enter");
    await expect.poll(() => status.getAttribute("data-current")).toBe("1");
    await expect
      .poll(() => findMarks(page), { timeout: 20_000 })
      .toMatchObject({ message: "long-3", current: "kumquats", inView: true });
    // its words are marked; the message is not outlined as well
    expect(await outlined(page)).toBe(0);
    await page.press("[data-testid=find-input]", "Escape");
    await expect.poll(() => page.locator("[data-testid=find-bar]").count()).toBe(0);
  });

  it("marks each matching word in the chat, the current one apart and in view below the bar, and steps word by word", async () => {
    const chatId = await newChat(session, "Fruit notes");
    const start = Date.now() - 100 * 60_000;
    const filler = (i: number) => `Paragraph ${i} about the orchard and the weather over the hills this season.`;
    // an answer far taller than the screen, its only match on its first line
    const long = ["A first line about kumquat trees.", ...Array.from({ length: 60 }, (_, i) => filler(i))].join("\n\n");
    await save(session, chatId, [
      ...Array.from({ length: 20 }, (_, i) => ({
        message_id: `fruit-${i}`,
        sender: i % 2 ? "bot" : "user",
        model: i % 2 ? "gpt-4.1-mini" : undefined,
        message: `Message ${i}. ${filler(i)}`,
        created_at: start + i * 60_000,
      })),
      { message_id: "fruit-q", sender: "user", message: "Are Kumquats sweet?", created_at: start + 30 * 60_000 },
      {
        message_id: "fruit-a",
        sender: "bot",
        model: "gpt-4.1-mini",
        // two matches a reader sees; the one in the link's address is not one
        message:
          "**Kumquats** are sweet outside and sour inside; see [the kumquat guide](https://example.com/kumquat).",
        created_at: start + 31 * 60_000,
      },
      {
        message_id: "fruit-long",
        sender: "bot",
        model: "gpt-4.1-mini",
        message: long,
        created_at: start + 32 * 60_000,
      },
    ]);
    await page.goto(`${baseURL}/c/${chatId}`);
    await page.locator('[data-message-id="fruit-long"]').waitFor();

    await page.click("[data-testid=find-in-chat-open]");
    await page.fill("[data-testid=find-input]", "kumquat");
    const status = page.locator("[data-testid=find-status]");
    // four matching words in three messages, the newest message's first
    await expect.poll(() => status.getAttribute("data-total")).toBe("4");
    await expect.poll(() => status.textContent()).toBe("4 of 4");
    await expect.poll(() => findMarks(page)).toMatchObject({ message: "fruit-long", current: "kumquat", inView: true });
    // the words are marked, not the whole message
    expect(await outlined(page)).toBe(0);

    await page.press("[data-testid=find-input]", "Enter");
    await expect.poll(() => status.getAttribute("data-current")).toBe("3");
    await expect.poll(() => findMarks(page)).toMatchObject({ message: "fruit-a", current: "kumquat", inView: true });
    // both of that answer's matches are marked (and the question's, above it)
    expect((await findMarks(page)).marked).toBeGreaterThanOrEqual(2);
    await page.press("[data-testid=find-input]", "Enter");
    await expect.poll(() => status.getAttribute("data-current")).toBe("2");
    await expect.poll(() => findMarks(page)).toMatchObject({ message: "fruit-a", current: "Kumquats", inView: true });
    await page.press("[data-testid=find-input]", "Enter");
    await expect.poll(() => findMarks(page)).toMatchObject({ message: "fruit-q", current: "Kumquats", inView: true });
    await page.press("[data-testid=find-input]", "ArrowDown");
    await expect.poll(() => status.getAttribute("data-current")).toBe("2");
    await expect.poll(() => findMarks(page)).toMatchObject({ message: "fruit-a", current: "Kumquats", inView: true });

    await page.press("[data-testid=find-input]", "Escape");
    await expect
      .poll(() => page.evaluate(() => CSS.highlights.has("find-match") || CSS.highlights.has("find-current")))
      .toBe(false);
  });
});

describe("a model whose uses ran out", () => {
  /** The usage banner's sentences, once it shows. */
  async function banner(p: Page) {
    const warning = p.locator("[data-testid=usage-warning]");
    await warning.waitFor();
    return {
      role: await warning.getAttribute("role"),
      message: await warning.locator("[data-testid=usage-warning-message]").textContent(),
      hint: await warning.locator("[data-testid=usage-warning-hint]").textContent(),
      action: await warning.locator("[data-testid=usage-warning-action]").textContent(),
    };
  }

  it("is left for another model with an alert naming it, in Vietnamese, when a free user opens the app", async () => {
    const free = await apiAccount(baseURL, "Minh Tran");
    await spendUses(free, "gpt-4.1-mini"); // the default model's 50 uses, spent on another device
    const vi = await launch({ locale: "vi-VN" });
    try {
      const p = vi.pages()[0] ?? (await vi.newPage());
      await signInAs(p, free);
      expect(await banner(p)).toEqual({
        role: "alert",
        message: "GPT 4.1-mini đã hết lượt dùng hôm nay.",
        hint: "Đã chuyển sang GPT o4-mini để bạn hỏi tiếp. Nâng cấp để có thêm lượt dùng mỗi ngày.",
        action: "Nâng cấp ngay",
      });
      expect(await p.getAttribute("[data-testid=model-switcher]", "data-model")).toBe("o4-mini");
      // the next question goes to the model named
      const asked = p.waitForRequest((r) => r.method() === "POST" && r.url().includes("/api/chat/"));
      await p.fill("[data-testid=chat-input]", "Xin chào");
      await p.keyboard.press("Enter");
      expect(new URL((await asked).url()).pathname).toBe("/api/chat/o4-mini");
      await answered(p);
    } finally {
      await vi.close();
    }
  });

  // spending the 600 uses of an Advanced+ day takes 10–20 s on a loaded two-core machine
  it("is left for another model with an alert naming it for an Advanced+ user too", { timeout: 120_000 }, async () => {
    const advanced = await apiAccount(baseURL, "Hoa Le");
    await payForPlan(advanced, "AD_1T");
    const vi = await launch({ locale: "vi-VN" });
    try {
      const p = vi.pages()[0] ?? (await vi.newPage());
      await signInAs(p, advanced);
      await p.click("[data-testid=model-switcher]");
      await p.click('[data-testid=model-option][data-endpoint="gpt-4.1"]');
      await expect.poll(() => p.getAttribute("[data-testid=model-switcher]", "data-model")).toBe("gpt-4.1");
      await spendUses(advanced, "gpt-4.1"); // GPT 4.1's 600 uses of the day, spent on another device
      await p.reload();
      expect(await banner(p)).toEqual({
        role: "alert",
        message: "GPT 4.1 đã hết lượt dùng hôm nay.",
        hint: "Đã tự động chuyển sang GPT 4.1-mini để bạn hỏi tiếp. GPT 4.1 sẽ có lại lượt dùng vào 00:00 ngày mai (giờ Việt Nam).",
        action: "Hướng dẫn viết prompt",
      });
      expect(await p.getAttribute("[data-testid=model-switcher]", "data-model")).toBe("gpt-4.1-mini");
    } finally {
      await vi.close();
    }
  });
});
