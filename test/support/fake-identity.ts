// A local HTTP server speaking the real formats of the identity and account services the worker calls, for the
// account tests (it runs in the vitest Node process; the tests run in workerd and drive it over HTTP):
//   /google/certs                 Google's JWKS (an RSA key generated at start, kid "fake-google-1").
//   POST /google/__sign           test control: signs the posted claims as a Google ID token (RS256). ?key=rogue
//                                 signs with a second key that is NOT in the JWKS.
//   /facebook/debug_token         Graph API token inspection ({data:{app_id, is_valid, user_id, ...}}), checked
//                                 against the app token "<app id>|<app secret>".
//   /facebook/me?fields=...       Graph API user ({id, name, email}).
//   POST /facebook/__users        test control: {token, id, name, email?, app_id?} registers a user access token.
//   POST /mail/emails             a Resend-style email API (bearer key "mail-key"); GET /mail/__sent?to= lists them.
//   /byok/<provider>/...          the external model providers' key checks: a key starting "good-" is accepted,
//                                 anything else is refused as each provider refuses it. GET /byok/__requests lists them.
//                                 With a good key, a streamed chat call (stream: true, or Google's
//                                 :streamGenerateContent) is answered in that provider's wire format (fake-upstream.ts).
//   /oauth/<server>/authorize     an OAuth 2 authorization server with PKCE (RFC 6749 + 7636): the "user" approves at
//   /oauth/<server>/token         once (302 to redirect_uri with code and state); the token endpoint checks the client
//   /oauth/<server>/revoke        (HTTP Basic, secret "fake-oauth-secret"), redirect_uri and code_verifier, and
//                                 answers RFC 6749 JSON; refresh_token grants; revocation (RFC 7009).
//                                 POST /oauth/__config {expires_in} sets new tokens' lifetime; GET /oauth/__revoked.
//   /drive/v3/..., /graph/...     the drives' file APIs (Google Drive v3, Microsoft Graph) for the access tokens
//                                 issued above: see fake-drives.ts.
//   /turnstile/v0/siteverify      Cloudflare Turnstile's token check, and its test controls: see fake-turnstile.ts.
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fakeDrives } from "./fake-drives.ts";
import { fakeTurnstile } from "./fake-turnstile.ts";
import { answerModelCall } from "./fake-upstream.ts";
import { EXTERNAL_PROVIDERS } from "../../worker/external-models/providers.ts";
import { readText, sendJson, serveOnLoopback } from "./local-server.ts";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";

export const FAKE_FACEBOOK_APP_ID = "fake-fb-app";
export const FAKE_FACEBOOK_APP_SECRET = "fake-fb-secret";
export const FAKE_MAIL_KEY = "mail-key";
export const FAKE_OAUTH_SECRET = "fake-oauth-secret";
const GOOGLE_KID = "fake-google-1";

/** The wire format each /byok/<operator key> host speaks for a chat: the AI SDK family the worker calls it with. */
const BYOK_WIRE = new Map(Object.values(EXTERNAL_PROVIDERS).map((p) => [p.operatorKey, p.sdk]));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface FacebookUser {
  id: string;
  name: string;
  email?: string;
  app_id: string;
}

export async function startFakeIdentity(): Promise<{ url: string; close: () => Promise<void> }> {
  const google = await generateKeyPair("RS256", { extractable: true });
  const rogue = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(google.publicKey)), kid: GOOGLE_KID, alg: "RS256", use: "sig" };
  const facebookUsers = new Map<string, FacebookUser>();
  const sentMail: unknown[] = [];
  const oauthCodes = new Map<
    string,
    { challenge: string; redirectUri: string; clientId: string; scope: string; used: boolean }
  >();
  const oauthRefresh = new Map<string, { clientId: string; scope: string }>();
  const oauthRevoked: string[] = [];
  let oauthExpiresIn = 3600;
  const oauthAccess = new Set<string>();
  const drives = fakeDrives((token) => oauthAccess.has(token));
  const turnstile = fakeTurnstile();
  const byokRequests: {
    provider: string;
    method: string;
    path: string;
    headers: Record<string, string | undefined>;
  }[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;

    // ---- Google --------------------------------------------------------------------------------------------------
    if (req.method === "GET" && path === "/google/certs") {
      res.setHeader("Cache-Control", "public, max-age=300");
      return sendJson(res, 200, { keys: [publicJwk] });
    }
    if (req.method === "POST" && path === "/google/__sign") {
      const claims = JSON.parse(await readText(req)) as JWTPayload;
      const key = url.searchParams.get("key") === "rogue" ? rogue.privateKey : google.privateKey;
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ iat: now, exp: now + 3600, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: GOOGLE_KID, typ: "JWT" })
        .sign(key);
      return sendJson(res, 200, { token });
    }

    // ---- Facebook Graph API --------------------------------------------------------------------------------------
    if (req.method === "POST" && path === "/facebook/__users") {
      const body = JSON.parse(await readText(req)) as FacebookUser & { token: string };
      facebookUsers.set(body.token, {
        id: body.id,
        name: body.name,
        email: body.email,
        app_id: body.app_id ?? FAKE_FACEBOOK_APP_ID,
      });
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "GET" && path === "/facebook/debug_token") {
      if (url.searchParams.get("access_token") !== `${FAKE_FACEBOOK_APP_ID}|${FAKE_FACEBOOK_APP_SECRET}`) {
        return sendJson(res, 400, {
          error: {
            message: "Invalid OAuth access token - Cannot parse access token",
            type: "OAuthException",
            code: 190,
            fbtrace_id: "Afake",
          },
        });
      }
      const user = facebookUsers.get(url.searchParams.get("input_token") ?? "");
      if (!user) {
        return sendJson(res, 200, {
          data: {
            is_valid: false,
            error: { code: 190, message: "Invalid OAuth access token - Cannot parse access token" },
            scopes: [],
          },
        });
      }
      const now = Math.floor(Date.now() / 1000);
      return sendJson(res, 200, {
        data: {
          app_id: user.app_id,
          type: "USER",
          application: "Fake App",
          data_access_expires_at: now + 7_776_000,
          expires_at: now + 5_183_944,
          is_valid: true,
          scopes: ["email", "public_profile"],
          user_id: user.id,
        },
      });
    }
    if (req.method === "GET" && path === "/facebook/me") {
      const user = facebookUsers.get(url.searchParams.get("access_token") ?? "");
      if (!user) {
        return sendJson(res, 400, {
          error: {
            message: "Invalid OAuth access token data.",
            type: "OAuthException",
            code: 190,
            fbtrace_id: "Afake",
          },
        });
      }
      const fields = (url.searchParams.get("fields") ?? "id,name").split(",");
      const all: Record<string, string | undefined> = { id: user.id, name: user.name, email: user.email };
      return sendJson(res, 200, Object.fromEntries(fields.filter((f) => all[f] !== undefined).map((f) => [f, all[f]])));
    }

    // ---- Resend-style mail API -----------------------------------------------------------------------------------
    if (req.method === "POST" && path === "/mail/emails") {
      if (req.headers.authorization !== `Bearer ${FAKE_MAIL_KEY}`) {
        return sendJson(res, 401, { statusCode: 401, message: "API key is invalid", name: "validation_error" });
      }
      const body = JSON.parse(await readText(req)) as Record<string, unknown>;
      sentMail.push(body);
      return sendJson(res, 200, { id: crypto.randomUUID() });
    }
    if (req.method === "GET" && path === "/mail/__sent") {
      const to = url.searchParams.get("to");
      return sendJson(
        res,
        200,
        sentMail.filter((m) => !to || (m as { to: string[] }).to.includes(to)),
      );
    }

    // ---- OAuth 2 authorization server with PKCE -------------------------------------------------------------------
    if (req.method === "POST" && path === "/oauth/__config") {
      oauthExpiresIn = (JSON.parse(await readText(req)) as { expires_in: number }).expires_in;
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "GET" && path === "/oauth/__revoked") return sendJson(res, 200, oauthRevoked);
    const oauth = /^\/oauth\/([a-z-]+)\/(authorize|token|revoke)$/.exec(path);
    if (oauth) {
      const endpoint = oauth[2];
      if (endpoint === "authorize" && req.method === "GET") {
        const p = url.searchParams;
        const redirect = p.get("redirect_uri");
        if (
          p.get("response_type") !== "code" ||
          !redirect ||
          p.get("code_challenge_method") !== "S256" ||
          !p.get("code_challenge")
        ) {
          return sendJson(res, 400, {
            error: "invalid_request",
            error_description: "PKCE S256 and a redirect_uri are required",
          });
        }
        const code = randomBytes(16).toString("hex");
        oauthCodes.set(code, {
          challenge: p.get("code_challenge")!,
          redirectUri: redirect,
          clientId: p.get("client_id") ?? "",
          scope: p.get("scope") ?? "",
          used: false,
        });
        const back = new URL(redirect);
        back.searchParams.set("code", code);
        back.searchParams.set("state", p.get("state") ?? "");
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (endpoint === "token" && req.method === "POST") {
        const form = new URLSearchParams(await readText(req));
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
        const [clientId, secret] = basic
          ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent)
          : [];
        if (secret !== FAKE_OAUTH_SECRET)
          return sendJson(res, 401, { error: "invalid_client", error_description: "Client authentication failed" });
        const issue = (scope: string) => {
          const refresh = `rt-${randomBytes(12).toString("hex")}`;
          oauthRefresh.set(refresh, { clientId: clientId!, scope });
          const access = `at-${randomBytes(12).toString("hex")}`;
          oauthAccess.add(access);
          return {
            access_token: access,
            token_type: "Bearer",
            expires_in: oauthExpiresIn,
            refresh_token: refresh,
            scope,
          };
        };
        if (form.get("grant_type") === "authorization_code") {
          const entry = oauthCodes.get(form.get("code") ?? "");
          const verifier = form.get("code_verifier") ?? "";
          const challenge = createHash("sha256").update(verifier).digest("base64url");
          if (
            !entry ||
            entry.used ||
            entry.clientId !== clientId ||
            entry.redirectUri !== form.get("redirect_uri") ||
            entry.challenge !== challenge
          ) {
            return sendJson(res, 400, {
              error: "invalid_grant",
              error_description: "Bad code, redirect_uri or code_verifier",
            });
          }
          entry.used = true;
          return sendJson(res, 200, issue(entry.scope));
        }
        if (form.get("grant_type") === "refresh_token") {
          const entry = oauthRefresh.get(form.get("refresh_token") ?? "");
          if (!entry || entry.clientId !== clientId || oauthRevoked.includes(form.get("refresh_token") ?? "")) {
            return sendJson(res, 400, {
              error: "invalid_grant",
              error_description: "Token has been expired or revoked.",
            });
          }
          const { refresh_token: _drop, ...rest } = issue(entry.scope);
          return sendJson(res, 200, rest);
        }
        return sendJson(res, 400, { error: "unsupported_grant_type" });
      }
      if (endpoint === "revoke" && req.method === "POST") {
        oauthRevoked.push(new URLSearchParams(await readText(req)).get("token") ?? "");
        return sendJson(res, 200, {});
      }
    }

    // ---- the drives' file APIs -------------------------------------------------------------------------------------
    if (await drives(req, res, url, () => readText(req))) return;

    // ---- Cloudflare Turnstile --------------------------------------------------------------------------------------
    if (await turnstile(req, res, url, () => readText(req))) return;

    // ---- external model providers' key checks --------------------------------------------------------------------
    if (req.method === "GET" && path === "/byok/__requests") return sendJson(res, 200, byokRequests);
    const byok = /^\/byok\/([a-z]+)(\/.*)$/.exec(path);
    if (byok) {
      const [, provider, rest] = byok as unknown as [string, string, string];
      const headers = {
        authorization: req.headers.authorization,
        "x-api-key": req.headers["x-api-key"] as string | undefined,
        "x-goog-api-key": req.headers["x-goog-api-key"] as string | undefined,
      };
      byokRequests.push({ provider, method: req.method ?? "GET", path: rest + url.search, headers });
      const body = parseJson(await readText(req));
      const key =
        req.headers.authorization?.replace(/^Bearer\s+/i, "") ??
        (req.headers["x-api-key"] as string | undefined) ??
        (req.headers["x-goog-api-key"] as string | undefined) ??
        "";
      if (key.startsWith("down-")) return sendJson(res, 503, { error: { message: "Service unavailable" } });
      if (key.startsWith("good-")) {
        const wire = BYOK_WIRE.get(provider);
        const streamed =
          (body as { stream?: unknown } | null)?.stream === true || rest.endsWith(":streamGenerateContent");
        if (
          req.method === "POST" &&
          wire &&
          streamed &&
          (await answerModelCall(res, wire, rest, url.searchParams, body))
        )
          return;
        if (provider === "anthropic")
          return sendJson(res, 200, {
            data: [{ type: "model", id: "claude-sonnet-4-5", display_name: "Claude Sonnet 4.5" }],
            has_more: false,
          });
        if (provider === "google") return sendJson(res, 200, { models: [{ name: "models/gemini-2.5-pro" }] });
        if (provider === "perplexity") {
          return sendJson(res, 200, {
            id: "x",
            model: "sonar",
            choices: [{ index: 0, message: { role: "assistant", content: "h" }, finish_reason: "length" }],
          });
        }
        return sendJson(res, 200, { object: "list", data: [{ id: "model-1", object: "model" }] });
      }
      if (provider === "anthropic")
        return sendJson(res, 401, {
          type: "error",
          error: { type: "authentication_error", message: "invalid x-api-key" },
        });
      if (provider === "google") {
        return sendJson(res, 400, {
          error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" },
        });
      }
      return sendJson(res, 401, {
        error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" },
      });
    }

    return sendJson(res, 404, { error: { message: `No fake for ${req.method} ${path}` } });
  }

  return serveOnLoopback(handle, (err) => ({ error: { message: String(err) } }));
}
