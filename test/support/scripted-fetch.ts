// A scripted JSON API for the jsdom tests of screens: the global fetch answers "METHOD path" from the routes the test
// names at that moment (a 404 error envelope for any other), and every call is recorded with its JSON body.
import { vi } from "vitest";

/** An answer: a status and a JSON body, or a whole Response (a streamed file). */
export type ScriptedReply = { status: number; body: unknown } | Response;
export type ScriptedRoute = (body: unknown, signal: AbortSignal | undefined) => ScriptedReply | Promise<ScriptedReply>;
export interface ScriptedCall {
  key: string;
  body: unknown;
}

/** The API's success envelope around `data`. */
export const ok = (data: unknown, status = 200): ScriptedReply => ({ status, body: { status: "success", data } });
export const notFound: ScriptedReply = {
  status: 404,
  body: { status: "error", code: "not_found", message: "Not found" },
};

/** Stubs fetch (undo with vi.unstubAllGlobals). `routes` is read at each call, so a test may replace them. */
export function stubScriptedFetch(routes: () => Record<string, ScriptedRoute>, calls: ScriptedCall[]): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${String(input)}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, body });
      const reply = (await routes()[key]?.(body, init?.signal ?? undefined)) ?? notFound;
      if (reply instanceof Response) return reply;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
}
