// "Download my data": everything the product keeps about a user, as one zip streamed while it is read (client-zip: no
// archive is held in memory, so a history of thousands of chats and their pictures downloads like a small one).
//   README.txt            what each file is
//   profile.json          the account, settings, memory, linked sign-ins, sessions, orders, paid periods, shared links
//   projects.json         every project: id, name, instructions, its files (as a message's attachments), dates
//   chats/index.json      every chat: id, title, dates, starred, its project_id and own settings (system_prompt,
//                         temperature, max_tokens: null where it keeps the user's), and the stem of its two files
//   chats/<stem>.md       the chat as it shows (its chosen branch), to read
//   chats/<stem>.json     every message of the chat with every version (parent_id, on_path), for another tool
//   images/<id>.<ext>     the pictures the user generated or edited
//   files/<id>-<name>     the files the user attached to questions
// Deleted chats (waiting for their purge) are not included: the user deleted them.
import { makeZip } from "client-zip";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { listChats, publicChat } from "../db/chats";
import { listImages } from "../db/images";
import { listChatTree } from "../db/message-tree";
import { publicMessage } from "../db/messages";
import { listProjects, projectChatCounts, publicProject } from "../db/projects";
import { premiumPeriods, sharedLinks, subscriptions, userSessions } from "../db/schema";
import { aiSettingsView, getAiSettings, listMemories, memoryView } from "../db/settings";
import { listLinkedAccounts } from "../db/accounts-linked";
import { listOrders } from "../db/payments";
import { publicUser, type SessionUser } from "../db/users";
import { isoOrNull } from "../lib/time";
import { uploadKeyOf } from "../uploads/store";
import { exportFileName, markdownOf } from "./chat-export";

/** Chats and pictures read per D1 query while the zip streams. */
const PAGE = 100;
/** Orders listed in profile.json: every one a user could have made. */
const ORDERS_MAX = 10_000;

const README = `Your data from Mây, as of the date of this download.

profile.json        your account, settings, memory, linked sign-ins, sessions, orders, paid periods and shared links
projects.json       your projects: name, instructions and files (the files themselves are in files/)
chats/index.json    every chat: id, title, dates, its project (project_id), its own settings (system_prompt,
                    temperature, max_tokens; null where it keeps yours), and the name of its two files
chats/*.md          each chat as it shows in the app, to read
chats/*.json        each chat with every message and every version of it (parent_id links a message to the one it
                    follows; on_path marks the branch the app shows)
images/             the pictures you generated or edited
files/              the files you attached to your questions

Times are UTC (ISO 8601).
`;

const iso = (ms: number | null | undefined) => isoOrNull(ms ?? null);
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** "png" from "image/png"; "bin" when the type says nothing usable. */
const extensionOf = (type: string) => /^image\/([a-z0-9]+)/.exec(type)?.[1]?.replace("jpeg", "jpg") ?? "bin";

async function profileOf({ main, user }: { main: Db; user: SessionUser }) {
  const userId = user.id;
  const [settings, memories, linked, sessions, orders, periods, subs, shares] = await Promise.all([
    getAiSettings({ db: main, userId }),
    listMemories({ db: main, userId }),
    listLinkedAccounts({ db: main, userId }),
    main.select().from(userSessions).where(eq(userSessions.userId, userId)).orderBy(desc(userSessions.createdAt)),
    listOrders({ db: main, userId, limit: ORDERS_MAX }),
    main.select().from(premiumPeriods).where(eq(premiumPeriods.userId, userId)).orderBy(asc(premiumPeriods.id)),
    main
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId)))
      .orderBy(asc(subscriptions.id)),
    main.select().from(sharedLinks).where(eq(sharedLinks.userId, userId)).orderBy(desc(sharedLinks.createdAt)),
  ]);
  return {
    format: "may-data-export",
    version: 1,
    account: publicUser(user),
    settings: aiSettingsView(settings),
    memory: memories.map(memoryView),
    linked_accounts: linked.map((a) => ({ provider: a.provider, email: a.email, linked_at: iso(a.createdAt) })),
    // the device and address each sign-in came from; never its secret
    sessions: sessions.map((s) => ({
      device: s.userAgent,
      ip: s.ip,
      created_at: iso(s.createdAt),
      last_seen_at: iso(s.lastSeenAt),
      expires_at: iso(s.expiresAt),
      ended_at: iso(s.revokedAt),
    })),
    orders: orders.map((o) => ({
      code: o.code,
      package: o.packageType,
      amount: o.amount,
      status: o.status,
      created_at: iso(o.createdAt),
      paid_at: iso(o.paidAt),
    })),
    paid_periods: periods.map((p) => ({ level: p.level, starts_at: iso(p.startAt), ends_at: iso(p.endAt) })),
    subscriptions: subs.map(({ userId: _, ...rest }) => rest),
    shared_links: shares.map((s) => ({
      id: s.id,
      chat_id: s.chatId,
      title: s.title,
      messages: s.messageCount,
      created_at: iso(s.createdAt),
    })),
  };
}

/** The user's projects as the projects API shows them (publicProject), newest first. */
async function projectsOf({ main, chats, userId }: { main: Db; chats: Db; userId: string }) {
  const [rows, counts] = await Promise.all([listProjects({ db: main, userId }), projectChatCounts({ chats, userId })]);
  return rows.map((p) => publicProject(p, counts.get(p.id) ?? 0));
}

/** The zip's entries in order; each is read from D1 or R2 only when the zip reaches it. */
async function* entries({
  main,
  chats,
  bucket,
  user,
  now,
}: {
  main: Db;
  chats: Db;
  bucket: R2Bucket;
  user: SessionUser;
  now: Date;
}) {
  const lastModified = now;
  const exportedAt = now.toISOString();
  yield { name: "README.txt", input: README, lastModified };
  yield { name: "profile.json", input: json(await profileOf({ main, user })), lastModified };
  yield { name: "projects.json", input: json(await projectsOf({ main, chats, userId: user.id })), lastModified };

  const index: unknown[] = [];
  const used = new Set<string>();
  let before: { lastMessageAt: number; id: string } | undefined;
  for (;;) {
    const page = await listChats({ db: chats, userId: user.id, limit: PAGE, before });
    for (const chat of page) {
      const tree = await listChatTree({ db: chats, chatId: chat.id, userId: user.id });
      const messages = tree.map((m) => ({ ...publicMessage(m), on_path: m.onPath }));
      const shown = publicChat(chat);
      // the date first, so the files sort by time; a number when two chats share a date and a title
      let stem = `${iso(chat.createdAt)?.slice(0, 10)} ${exportFileName(chat.title, "markdown").replace(/\.md$/, "")}`;
      for (let n = 2; used.has(stem); n++) stem = `${stem.replace(/ \(\d+\)$/, "")} (${n})`;
      used.add(stem);
      index.push({ ...shown, files: { markdown: `chats/${stem}.md`, json: `chats/${stem}.json` } });
      const path = tree.filter((m) => m.onPath).map(publicMessage);
      yield { name: `chats/${stem}.md`, input: markdownOf(shown, path, exportedAt), lastModified };
      yield { name: `chats/${stem}.json`, input: json({ chat: shown, messages }), lastModified };
    }
    const last = page.at(-1);
    if (page.length < PAGE || !last) break;
    before = { lastMessageAt: last.lastMessageAt, id: last.id };
  }
  yield { name: "chats/index.json", input: json(index), lastModified };

  let cursor: Parameters<typeof listImages>[0]["before"] = null;
  do {
    const { rows, next } = await listImages({ db: chats, userId: user.id, limit: PAGE, before: cursor });
    for (const image of rows) {
      const object = await bucket.get(image.r2Key);
      if (!object) continue;
      yield {
        name: `images/${image.id}.${extensionOf(image.contentType)}`,
        input: object.body,
        size: object.size,
        lastModified: new Date(image.createdAt),
      };
    }
    cursor = next ? { createdAt: rows.at(-1)!.createdAt, id: rows.at(-1)!.id } : null;
  } while (cursor);

  const prefix = uploadKeyOf(user.id, "");
  let listed: R2Objects | undefined;
  do {
    listed = await bucket.list({
      prefix,
      cursor: listed?.truncated ? listed.cursor : undefined,
      include: ["customMetadata"],
    });
    for (const item of listed.objects) {
      const id = item.key.slice(prefix.length);
      if (id.endsWith(".txt")) continue; // the text read out of a file for the model: the file itself is there
      const object = await bucket.get(item.key);
      if (!object) continue;
      const name = decodeURIComponent(item.customMetadata?.name ?? "file").replace(/[/\\]/g, "_");
      yield { name: `files/${id}-${name}`, input: object.body, size: object.size, lastModified: item.uploaded };
    }
  } while (listed.truncated);
}

/** The download's body and headers. */
export function accountExport(params: { main: Db; chats: Db; bucket: R2Bucket; user: SessionUser; now?: Date }) {
  const now = params.now ?? new Date();
  const body = makeZip(entries({ ...params, now }));
  const name = `may-data-${now.toISOString().slice(0, 10)}.zip`;
  return {
    body,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  };
}
