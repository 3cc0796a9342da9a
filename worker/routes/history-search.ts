// GET /chat-sessions/search: the chat search screen's one box. Without chat_id it finds the caller's chats by title
// and message content (newest first, each with last_message_at for the date groups and a highlighted snippet); with
// chat_id it finds the matching messages inside that chat (another user's chat is a 404); with project_id, only the chats
// of that project (another user's project is a 404). Mounted in worker/app.ts
// before /chat-sessions so /chat-sessions/:id never takes "search" for an id.
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import { getChat } from "../db/chats";
import { getProject, projectChatIds } from "../db/projects";
import {
  formatChatsCursor,
  historySearchQuery,
  parseChatsCursor,
  PROJECT_SCOPE_MAX_CHATS,
  searchChatMessages,
  searchChats,
} from "../db/history-search";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { idSchema, valid } from "../lib/validate";
import {
  HISTORY_SEARCH_CURSOR,
  HISTORY_SEARCH_DEFAULT_LIMIT,
  HISTORY_SEARCH_MAX_LIMIT,
  HISTORY_SEARCH_MAX_QUERY,
} from "../protocol/history-search";

const limitMessage = `limit must be a whole number from 1 to ${HISTORY_SEARCH_MAX_LIMIT}`;

const SearchQuerySchema = v.object({
  q: v.pipe(
    v.string("q must be a string"),
    v.trim(),
    v.nonEmpty("q is required"),
    v.maxLength(HISTORY_SEARCH_MAX_QUERY, `q must be at most ${HISTORY_SEARCH_MAX_QUERY} characters`),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, limitMessage),
      v.transform(Number),
      v.minValue(1, limitMessage),
      v.maxValue(HISTORY_SEARCH_MAX_LIMIT, limitMessage),
    ),
    String(HISTORY_SEARCH_DEFAULT_LIMIT),
  ),
  cursor: v.optional(
    v.pipe(v.string(), v.regex(HISTORY_SEARCH_CURSOR, "cursor must be a next_cursor value from an earlier page")),
  ),
  chat_id: v.optional(idSchema),
  /** Only the chats of this project of the user's (worker/protocol/projects.ts). */
  project_id: v.optional(idSchema),
});

export const historySearchRoutes = new Hono<AppEnv>().get(
  "/",
  requireAuth,
  valid("query", SearchQuerySchema),
  async (c) => {
    const { q, limit, cursor, chat_id: chatId, project_id: projectId } = c.req.valid("query");
    const db = c.var.chats;
    const userId = c.var.user.id;
    // Words only: a query of punctuation alone (`"*"`, `()`) finds nothing rather than reaching FTS5's syntax.
    const expr = historySearchQuery(q);

    if (chatId !== undefined) {
      let after: { createdAt: number; rowId: number } | undefined;
      if (cursor) {
        const m = /^(\d{1,16})~(\d{1,16})$/.exec(cursor);
        if (!m)
          throw new AppError("invalid_input", "cursor must be a next_cursor value from an earlier page", {
            field: "cursor",
          });
        after = { createdAt: Number(m[1]), rowId: Number(m[2]) };
      }
      if (!(await getChat({ db, id: chatId, userId }))) throw new AppError("not_found", "Chat not found");
      if (!expr) return c.json({ status: "success", data: [], next_cursor: null }, 200);
      const { results, nextCursor } = await searchChatMessages({
        d1: c.var.chats.$client,
        userId,
        chatId,
        expr,
        limit,
        cursor: after,
      });
      return c.json(
        {
          status: "success",
          data: results,
          next_cursor: nextCursor ? `${nextCursor.createdAt}~${nextCursor.rowId}` : null,
        },
        200,
      );
    }

    const after = cursor === undefined ? undefined : parseChatsCursor(cursor);
    if (cursor !== undefined && !after)
      throw new AppError("invalid_input", "cursor must be a next_cursor value from an earlier page", {
        field: "cursor",
      });
    let project: { id: string; chatIds: string[] | null } | undefined;
    if (projectId !== undefined) {
      const [found, chatIds] = await Promise.all([
        getProject({ db: c.var.db, userId, id: projectId }),
        projectChatIds({ chats: db, userId, projectId }),
      ]);
      if (!found) throw new AppError("not_found", "Project not found");
      if (chatIds.length === 0) return c.json({ status: "success", data: [], next_cursor: null }, 200);
      project = { id: projectId, chatIds: chatIds.length <= PROJECT_SCOPE_MAX_CHATS ? chatIds : null };
    }
    if (!expr) return c.json({ status: "success", data: [], next_cursor: null }, 200);
    const { results, nextCursor } = await searchChats({
      d1: c.var.chats.$client,
      userId,
      expr,
      limit,
      cursor: after,
      project,
    });
    return c.json(
      { status: "success", data: results, next_cursor: nextCursor ? formatChatsCursor(nextCursor) : null },
      200,
    );
  },
);
