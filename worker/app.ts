// The Hono app: one sub-app per resource, mounted here. Static assets (the SPA) are served by the assets binding
// before the Worker runs, except for the paths listed in wrangler.toml's run_worker_first, which land here.
//
// The worker's layers, lowest first. A module imports only from its own layer or the layers below it, never from one
// above, and the folders of one layer never import each other in a circle:
//   1. worker/protocol/        the wire contracts, shared with the SPA (which imports nothing else of the worker)
//   2. worker/env.ts, errors.ts, lib/, crypto/        bindings, the one AppError, time, validation, sealing
//   3. worker/plans/, personalization/, affiliate/, prompts/        the product's rules as data and pure functions
//   4. worker/db/              D1: the schema and every query (the user always in the WHERE)
//   5. worker/auth/, payments/, mail/, models/, search/, images/, uploads/, external-models/, connected-apps/, export/
//                              the services: tokens and passwords, payments, mail, model and search providers, files,
//                              chats taken out as files
//   6. durable-objects/        the user's object: its state (state/), the turn it runs (turn/), the sockets
//   7. worker/http/            what every route shares: the Hono environment, authentication, sessions, pages
//   8. worker/routes/          one sub-app per resource
//   9. worker/app.ts, then worker/index.ts        the app, and the Worker's entry with the object's class
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { withDb } from "./http/auth-middleware";
import type { AppEnv } from "./http/app-env";
import { AppError, errorBody, handleError } from "./errors";
import { GUEST_PAGES, guestPageOrApp } from "./http/guest-page";
import { landingOrApp } from "./http/landing-page";
import { chatPageOrApp } from "./http/chat-page";
import { requestLog } from "./http/request-log";
import { accountAppRoutes } from "./routes/account-apps";
import { adminRoutes } from "./routes/admin";
import { appConfigRoutes } from "./routes/app-config";
import { accountAvatarRoutes } from "./routes/account-avatar";
import { accountEmailRoutes } from "./routes/account-email";
import { accountPasswordRoutes } from "./routes/account-password";
import { accountSocialRoutes } from "./routes/account-social";
import { affiliateAuthRoutes, affiliateRoutes } from "./routes/affiliate";
import { authRoutes } from "./routes/auth";
import { chatRoutes } from "./routes/chat";
import { galleryRoutes } from "./routes/images";
import { uploadRoutes } from "./routes/uploads";
import { chatSessionRoutes } from "./routes/chat-sessions";
import { feedbackRoutes } from "./routes/feedback";
import { chatSettingsRoutes } from "./routes/chat-settings";
import { opsRoutes } from "./routes/ops";
import { devMailboxRoutes } from "./routes/dev-mailbox";
import { historySearchRoutes } from "./routes/history-search";
import { externalModelRoutes } from "./routes/external-models";
import { feedRoutes } from "./routes/feeds";
import { mediaFallbackRoutes, mediaRoutes } from "./routes/media";
import { modelRoutes } from "./routes/models";
import { paymentRoutes } from "./routes/payments";
import { premiumRoutes } from "./routes/premium";
import { promptRoutes } from "./routes/prompts";
import { projectRoutes } from "./routes/projects";
import { userPromptRoutes } from "./routes/user-prompts";
import { settingsRoutes } from "./routes/settings";
import { dataExportRoutes } from "./routes/data-export";
import { accountDeletionRoutes } from "./routes/account-deletion";
import { chatImportRoutes } from "./routes/chat-import";
import { sharePageRoutes, shareRoutes } from "./routes/shares";
import { userSessionRoutes } from "./routes/user-sessions";
import { wsRoutes } from "./routes/ws";

/** Largest request body: 20 MB, the most one upload carries (MAX_TOTAL_BYTES); Safari/iOS clients cap it at 5 MB. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

const apiSecurityHeaders = secureHeaders({ crossOriginResourcePolicy: "same-origin" });

export const app = new Hono<AppEnv>()
  // First, so every answer (errors and 404s too) has its id and its log line.
  .use(requestLog)
  // A WebSocket upgrade's 101 response has immutable headers, so /ws is left out; "/", the guest pages (/login...) and
  // a chat's page (/c/<id>) answer with the static pages, which carry their own security headers (web/public/_headers:
  // X-Frame-Options DENY, the CSP with the boot script).
  .use((c, next) =>
    c.req.path === "/ws" || c.req.path === "/" || Object.hasOwn(GUEST_PAGES, c.req.path) || c.req.path.startsWith("/c/")
      ? next()
      : apiSecurityHeaders(c, next),
  )
  .use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError("payload_too_large", "Request body is larger than 20 MB");
      },
    }),
  )
  .use(withDb)
  .get("/api/health", (c) => c.json({ status: "ok" }, 200))
  .route("/api/config", appConfigRoutes)
  // The guest landing page (pre-rendered) or the SPA: worker/http/landing-page.ts.
  .get("/", landingOrApp)
  // Sign-in, sign-up and password reset, pre-rendered for guests, or the SPA: worker/http/guest-page.ts.
  .on("GET", Object.keys(GUEST_PAGES), guestPageOrApp)
  // A chat opened by its address: the SPA's page with the chat's last messages in it, worker/http/chat-page.ts.
  .get("/c/:id", chatPageOrApp)
  .route("/auth", authRoutes)
  .route("/auth", premiumRoutes)
  .route("/auth", affiliateAuthRoutes)
  .route("/auth", accountPasswordRoutes)
  .route("/auth/email-verification", accountEmailRoutes)
  .route("/auth", settingsRoutes)
  .route("/auth", accountSocialRoutes)
  .route("/auth/external-models", externalModelRoutes)
  .route("/auth/connected-apps", accountAppRoutes)
  .route("/auth/avatar", accountAvatarRoutes)
  .route("/auth/data-export", dataExportRoutes)
  .route("/auth", accountDeletionRoutes)
  .route("/payments", paymentRoutes)
  .route("/affiliate", affiliateRoutes)
  // before the library's /prompts/:id, which would take "mine" for a prompt id
  .route("/prompts/mine", userPromptRoutes)
  .route("/prompts", promptRoutes)
  .route("/feeds", feedRoutes)
  .route("/user-sessions", userSessionRoutes)
  // Before /chat-sessions: its /:id routes would otherwise be tried first for "search".
  .route("/chat-sessions/search", historySearchRoutes)
  .route("/chat-sessions/import", chatImportRoutes)
  .route("/chat-sessions", chatSettingsRoutes)
  // Ratings of answers: /chat-sessions/{id}/feedback and /chat-sessions/{id}/messages/{id}/feedback.
  .route("/chat-sessions", feedbackRoutes)
  .route("/chat-sessions", chatSessionRoutes)
  .route("/projects", projectRoutes)
  .route("/shares", shareRoutes)
  // A shared chat's public page: HTML rendered here, no sign-in (worker/routes/shares.ts).
  .route("/s", sharePageRoutes)
  .route("/media-api/api/images", galleryRoutes)
  .route("/media-api/api/uploads", uploadRoutes)
  .route("/media-api/api", mediaRoutes)
  // The media API's fallback paths, which existing clients call: POST /chat-messages/save and POST /chat/initialize.
  .route("/", mediaFallbackRoutes)
  .route("/api", modelRoutes)
  .route("/api/chat", chatRoutes)
  .route("/ws", wsRoutes)
  .route("/dev/mailbox", devMailboxRoutes)
  .route("/ops", opsRoutes)
  // The operator console's API: 404 to anyone but an operator (worker/http/admin-wall.ts).
  .route("/admin/api", adminRoutes)
  .notFound((c) => {
    c.set("errorCode", "not_found");
    return c.json(errorBody(c.req.path, "not_found", `No route for ${c.req.method} ${c.req.path}`), 404);
  })
  .onError(handleError);
