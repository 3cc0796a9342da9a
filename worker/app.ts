// The Hono app: one sub-app per resource, mounted here. Static assets (the SPA) are served by the assets binding
// before the Worker runs, except for the paths listed in wrangler.toml's run_worker_first, which land here.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { withDb } from "./auth/middleware";
import type { AppEnv } from "./env";
import { AppError, errorBody, handleError } from "./errors";
import { landingOrApp } from "./lib/landing-page";
import { accountAppRoutes } from "./routes/account-apps";
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
import { devMailboxRoutes } from "./routes/dev-mailbox";
import { historySearchRoutes } from "./routes/history-search";
import { externalModelRoutes } from "./routes/external-models";
import { feedRoutes } from "./routes/feeds";
import { mediaFallbackRoutes, mediaRoutes } from "./routes/media";
import { modelRoutes } from "./routes/models";
import { paymentRoutes } from "./routes/payments";
import { premiumRoutes } from "./routes/premium";
import { promptRoutes } from "./routes/prompts";
import { settingsRoutes } from "./routes/settings";
import { userSessionRoutes } from "./routes/user-sessions";
import { wsRoutes } from "./routes/ws";

/** Largest request body: 20 MB, as the spec's client allows (5 MB on Safari/iOS is the client's own cap). */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

const apiSecurityHeaders = secureHeaders({ crossOriginResourcePolicy: "same-origin" });

export const app = new Hono<AppEnv>()
  // A WebSocket upgrade's 101 response has immutable headers, so /ws is left out; "/" answers with the static pages,
  // which carry their own security headers (web/public/_headers: X-Frame-Options DENY, the CSP with the boot script).
  .use((c, next) => (c.req.path === "/ws" || c.req.path === "/" ? next() : apiSecurityHeaders(c, next)))
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
  // The guest landing page (pre-rendered) or the SPA: worker/lib/landing-page.ts.
  .get("/", landingOrApp)
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
  .route("/payments", paymentRoutes)
  .route("/affiliate", affiliateRoutes)
  .route("/prompts", promptRoutes)
  .route("/feeds", feedRoutes)
  .route("/user-sessions", userSessionRoutes)
  // Before /chat-sessions: its /:id routes would otherwise be tried first for "search".
  .route("/chat-sessions/search", historySearchRoutes)
  .route("/chat-sessions", chatSessionRoutes)
  .route("/media-api/api/images", galleryRoutes)
  .route("/media-api/api/uploads", uploadRoutes)
  .route("/media-api/api", mediaRoutes)
  // The spec's fallbacks for the media API: POST /chat-messages/save and POST /chat/initialize.
  .route("/", mediaFallbackRoutes)
  .route("/api", modelRoutes)
  .route("/api/chat", chatRoutes)
  .route("/ws", wsRoutes)
  .route("/dev/mailbox", devMailboxRoutes)
  .notFound((c) => c.json(errorBody(c.req.path, "not_found", `No route for ${c.req.method} ${c.req.path}`), 404))
  .onError(handleError);
