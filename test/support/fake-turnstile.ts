// Cloudflare Turnstile's siteverify endpoint in its real wire format, served by the fake identity server
// (fake-identity.ts) for the Turnstile tests (test/worker/routes/turnstile.test.ts):
//   POST /turnstile/v0/siteverify      form (urlencoded or multipart) or JSON {secret, response, remoteip?}; always
//                                      HTTP 200 with {success, "error-codes", challenge_ts?, hostname?, action?, cdata?}
//                                      as Cloudflare answers: the secret must be FAKE_TURNSTILE_SECRET
//                                      (missing-input-secret / invalid-input-secret), the response a token issued below
//                                      (missing-input-response / invalid-input-response), each token good once
//                                      (timeout-or-duplicate the second time).
//   POST /turnstile/__issue            test control: a fresh token, as the widget would give the visitor.
//   GET  /turnstile/__requests         test control: the verification calls received, in order.
//   POST /turnstile-down/v0/siteverify a siteverify that is down: 502 with an HTML page, as a failing edge answers.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "./local-server.ts";

export const FAKE_TURNSTILE_SECRET = "fake-turnstile-secret";

interface VerifyCall {
  contentType: string;
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

/** The fields of a verification call, however it was encoded. */
function fieldsOf(contentType: string, body: string): Record<string, string> {
  if (contentType.includes("application/json")) {
    try {
      return JSON.parse(body) as Record<string, string>;
    } catch {
      return {};
    }
  }
  if (contentType.includes("multipart/form-data")) {
    const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
    const fields: Record<string, string> = {};
    for (const part of boundary ? body.split(`--${boundary}`) : []) {
      const m = /name="([^"]+)"\r\n\r\n([\s\S]*)\r\n$/.exec(part);
      if (m) fields[m[1]!] = m[2]!;
    }
    return fields;
  }
  return Object.fromEntries(new URLSearchParams(body));
}

export function fakeTurnstile() {
  const issued = new Set<string>();
  const spent = new Set<string>();
  const calls: VerifyCall[] = [];

  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: () => Promise<string>,
  ): Promise<boolean> {
    const path = url.pathname;
    if (req.method === "POST" && path === "/turnstile/__issue") {
      const token = `0.${randomBytes(24).toString("base64url")}`;
      issued.add(token);
      sendJson(res, 200, { token });
      return true;
    }
    if (req.method === "GET" && path === "/turnstile/__requests") {
      sendJson(res, 200, calls);
      return true;
    }
    if (req.method === "POST" && path === "/turnstile-down/v0/siteverify") {
      await body();
      res.writeHead(502, { "content-type": "text/html" }).end("<html><body>502 Bad Gateway</body></html>");
      return true;
    }
    if (path !== "/turnstile/v0/siteverify") return false;
    if (req.method !== "POST") {
      sendJson(res, 405, { success: false, "error-codes": ["bad-request"] });
      return true;
    }
    const contentType = req.headers["content-type"] ?? "";
    const fields = fieldsOf(contentType, await body());
    calls.push({
      contentType,
      secret: fields.secret ?? null,
      response: fields.response ?? null,
      remoteip: fields.remoteip ?? null,
    });
    const refuse = (code: string) => sendJson(res, 200, { success: false, "error-codes": [code], messages: [] });
    if (!fields.secret) refuse("missing-input-secret");
    else if (fields.secret !== FAKE_TURNSTILE_SECRET) refuse("invalid-input-secret");
    else if (!fields.response) refuse("missing-input-response");
    else if (spent.has(fields.response)) refuse("timeout-or-duplicate");
    else if (!issued.has(fields.response)) refuse("invalid-input-response");
    else {
      spent.add(fields.response);
      sendJson(res, 200, {
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: "may.test",
        "error-codes": [],
        action: "",
        cdata: "",
        metadata: { ephemeral_id: `x:${randomBytes(8).toString("hex")}` },
      });
    }
    return true;
  };
}
