// Seeds large data through the product's real API, for the browser tests and `npm run bench`: a chat of 1,000
// messages (saved 200 per call through /media-api/api/chat/save) and a history of 2,000 chats (created with
// POST /chat-sessions, several at a time, a few of them starred), a paid plan (an order and the bank's signed
// webhook), a model's daily uses spent (questions asked at once), and chats of given answers. Deterministic: the same
// text on every run.
import { bankTransfer, sendBankWebhook } from "../../../scripts/bank-transfer.mjs";
import { readDevVars } from "../../../scripts/dev-vars.mjs";
import { PASSWORD, signIn, uniqueEmail } from "./browser";

export interface ApiSession {
  baseURL: string;
  token: string;
  sessionToken: string;
  email: string;
  password: string;
}

/** Messages per save call: the media API's maximum. */
const SAVE_BATCH = 200;
/** Chat creations in flight at once. */
const CREATE_CONCURRENCY = 12;

/** A fresh account, registered through the API; its session's bearer credentials do the seeding. */
export async function apiAccount(baseURL: string, name = "Lan Nguyen"): Promise<ApiSession> {
  const email = uniqueEmail();
  const res = await fetch(`${baseURL}/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { token: string; session_token: string } };
  return { baseURL, token: body.data.token, sessionToken: body.data.session_token, email, password: PASSWORD };
}

/** One authenticated API call with the session's bearer credentials; throws on a non-2xx answer. */
export async function call<T>(s: ApiSession, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${s.baseURL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${s.token}`,
      "X-Session-Token": s.sessionToken,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Makes the account premium the way a real payment does: an order of `packageType` through POST /payments/create,
 * then the bank's SePay-style webhook for exactly its amount, signed with the product's PAYMENT_WEBHOOK_SECRET from
 * .dev.vars — what scripts/pay-test.mjs sends, without a process and a database read per payment. Answers the code.
 */
export async function payForPlan(
  s: ApiSession,
  packageType: "BS_1T" | "BS_1Y" | "AD_1T" | "AD_1Y" = "AD_1T",
): Promise<string> {
  const secret = readDevVars(process.cwd()).PAYMENT_WEBHOOK_SECRET;
  if (!secret) throw new Error("no PAYMENT_WEBHOOK_SECRET in .dev.vars (scripts/start.mjs writes one)");
  const created = await call<{ data: { order: { code: string; amount: number } } }>(s, "POST", "/payments/create", {
    packageType,
  });
  const { code, amount } = created.data.order;
  const res = await sendBankWebhook(
    s.baseURL,
    secret,
    bankTransfer({ code, amount, description: `browser test ${code}` }),
  );
  const body = (await res.json()) as { data?: { outcome?: string } };
  if (!res.ok || body.data?.outcome !== "applied")
    throw new Error(`payment of ${code} not applied: ${res.status} ${JSON.stringify(body)}`);
  return code;
}

/** Questions in flight at once while uses are spent (a day of Advanced+ uses of a model, 600, takes about 10 s here). */
const SPEND_CONCURRENCY = 40;

/** Today's uses left of a model for the account, as GET /api/models tells it. */
export async function usesLeft(s: ApiSession, endpoint: string): Promise<number> {
  const body = await call<{ data: { models: { endpoint: string; remaining: number }[] } }>(s, "GET", "/api/models");
  const model = body.data.models.find((m) => m.endpoint === endpoint);
  if (!model) throw new Error(`no model ${endpoint} in the catalogue`);
  return model.remaining;
}

/**
 * Spends today's uses of a model until `left` remain, as questions sent from another device would: each question goes
 * through the real chat API and is let go once the worker has counted it (its headers are back); the offline model
 * finishes and saves the answers by itself. Many at once, so a whole day of Advanced+ uses takes seconds, not the
 * minutes that sending them through the page would. An answer that fails gives its use back, so the count is read
 * again until it is right.
 */
export async function spendUses(s: ApiSession, endpoint: string, left = 0): Promise<void> {
  const chat = await call<{ data: { id: string } }>(s, "POST", "/chat-sessions", { title: `Uses of ${endpoint}` });
  for (let round = 0; round < 5; round++) {
    const toSpend = (await usesLeft(s, endpoint)) - left;
    if (toSpend <= 0) return;
    let next = 0;
    const ask = async () => {
      while (next < toSpend) {
        const n = next++;
        const stop = new AbortController();
        const res = await fetch(`${s.baseURL}/api/chat/${encodeURIComponent(endpoint)}`, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${s.token}`,
            "X-Session-Token": s.sessionToken,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({ question: `Question ${n} from another device`, chat_id: chat.data.id }),
          signal: stop.signal,
        });
        stop.abort();
        if (res.status !== 200 && res.status !== 403)
          throw new Error(`spending a use of ${endpoint} failed: ${res.status}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SPEND_CONCURRENCY, toSpend) }, ask));
  }
  throw new Error(`could not bring ${endpoint} down to ${left} uses left`);
}

/** A small deterministic generator (mulberry32), so seeded chats read the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "cloud answer model stream token river mountain market weather history language code table result value".split(" ");

/** An answer of a few hundred to a couple of thousand characters: headings, prose, lists, and now and then code or a table. */
/** `code: false` for answers without code blocks (the open-chat size budget is for a chat without code or math). */
function answer(next: () => number, n: number, { code = true } = {}): string {
  const words = (count: number) =>
    Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" ");
  const parts = [`### Answer ${n}: ${words(3)}`, `${words(25)}. **${words(2)}** and \`${words(1)}\` ${words(18)}.`];
  const shape = n % 4;
  if (shape === 0) parts.push(Array.from({ length: 4 }, (_, i) => `- ${words(8)} ${i}`).join("\n"));
  if (shape === 1 && code)
    parts.push(`\`\`\`ts\nconst value${n} = ${Math.floor(next() * 1000)};\nconsole.log(value${n} * 2);\n\`\`\``);
  if (shape === 1 && !code) parts.push(`> ${words(12)}`);
  if (shape === 2)
    parts.push(
      `| name | value |\n|---|---:|\n| ${words(1)} | ${Math.floor(next() * 100)} |\n| ${words(1)} | ${Math.floor(next() * 100)} |`,
    );
  parts.push(`${words(20 + Math.floor(next() * 60))}.`);
  return parts.join("\n\n");
}

/** A new chat titled `title` holding `messages`, saved SAVE_BATCH per call. Returns its id. */
async function chatOf(s: ApiSession, title: string, messages: object[]): Promise<string> {
  const chat = await call<{ data: { id: string } }>(s, "POST", "/chat-sessions", { title });
  for (let i = 0; i < messages.length; i += SAVE_BATCH) {
    await call(s, "POST", "/media-api/api/chat/save", {
      chat_id: chat.data.id,
      messages: messages.slice(i, i + SAVE_BATCH),
    });
  }
  return chat.data.id;
}

/** A chat of `count` messages, questions and answers in turn, the last one an answer. Returns the chat's id. */
export async function seedLongChat(
  s: ApiSession,
  count = 1000,
  title = "A very long conversation",
  opts: { code?: boolean } = {},
): Promise<string> {
  const next = random(count);
  const start = Date.now() - count * 60_000;
  const messages = Array.from({ length: count }, (_, i) => {
    const bot = i % 2 === 1 || i === count - 1;
    return {
      message_id: `seed-${i}`,
      sender: bot ? "bot" : "user",
      message: bot
        ? answer(next, i, opts)
        : `Question ${i}: tell me about ${WORDS[i % WORDS.length]} and ${WORDS[(i * 7) % WORDS.length]}?`,
      model: bot ? "gpt-4.1-mini" : undefined,
      created_at: start + i * 60_000,
    };
  });
  return chatOf(s, title, messages);
}

/**
 * A chat of saved turns: "Question i" then `answers[i]` (ids q<i> and a<i>, answered by GPT-4.1 mini), two minutes
 * apart and ending now. Returns the chat's id.
 */
export async function savedChat(s: ApiSession, title: string, answers: string[]): Promise<string> {
  const start = Date.now() - answers.length * 120_000;
  const messages = answers.flatMap((answer, i) => [
    { message_id: `q${i}`, sender: "user", message: `Question ${i}`, created_at: start + i * 120_000 },
    { message_id: `a${i}`, sender: "bot", message: answer, model: "gpt-4.1-mini", created_at: start + i * 120_000 + 1 },
  ]);
  return chatOf(s, title, messages);
}

/** `count` chats named "History chat N" (N from 1), `starred` of them starred. Returns their ids, oldest first. */
export async function seedHistory(s: ApiSession, count = 2000, starred = 3): Promise<string[]> {
  const ids: string[] = new Array(count);
  let nextIndex = 0;
  const worker = async () => {
    for (;;) {
      const i = nextIndex++;
      if (i >= count) return;
      const chat = await call<{ data: { id: string } }>(s, "POST", "/chat-sessions", {
        title: `History chat ${i + 1}`,
      });
      ids[i] = chat.data.id;
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
  // Stars spread over the history, so the starred section gathers chats from deep pages too.
  for (let k = 0; k < starred; k++) {
    const id = ids[Math.floor(((k + 1) * count) / (starred + 1))]!;
    await call(s, "PATCH", `/chat-sessions/${id}/toggle-star`, { is_starred: true });
  }
  return ids;
}

/** Signs the browser in with the seeded account (through the API, not the login screen: ./browser.ts `signIn`). */
export async function signInAs(page: import("playwright-core").Page, s: ApiSession, path = "/"): Promise<void> {
  await signIn(page, s.baseURL, s, path);
}
