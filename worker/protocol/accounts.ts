// The account answers the SPA reads (sign-in with Google or Facebook, linked accounts, email change, password change
// and reset, avatar, memory, external models, connected apps), declared once as valibot schemas next to the worker
// routes that send them (worker/routes/auth.ts, account-*.ts, settings.ts, external-models.ts): the worker types its
// answers with them and the SPA validates with them; and the password rules both sides check. What the SPA sends is
// account-requests.ts.
import * as v from "valibot";
import { PublicUserSchema } from "./resources";
import { ConnectedAppSchema, ExternalModelProviderSchema, MemoryFactSchema, SocialProviderSchema } from "./settings";

const IsoDate = v.nullable(v.string());

/** A changed password has at least 6 characters; a password chosen on a form (register, reset) at least 8. */
export const CHANGED_PASSWORD_MIN = 6;
export const FORM_PASSWORD_MIN = 8;

/** A session the worker started: login, register, social sign-in, a completed link. */
export const SignedInSchema = v.object({
  user: PublicUserSchema,
  token: v.optional(v.string()),
  jwt_token: v.optional(v.string()),
  session_token: v.string(),
  isNewUser: v.optional(v.boolean()),
});

/** POST /auth/google and /auth/facebook: signed in, or a verified email of a password account waiting for a link. */
export const SocialSignInBodySchema = v.variant("status", [
  v.object({ status: v.literal("success"), data: SignedInSchema }),
  v.object({
    status: v.literal("pending"),
    data: v.object({
      requiresLinking: v.literal(true),
      email: v.string(),
      providerId: v.string(),
      provider: SocialProviderSchema,
      /** Binds the link to the identity the worker verified (10 minutes). */
      linkingToken: v.string(),
    }),
  }),
]);
export type SocialSignInBody = v.InferOutput<typeof SocialSignInBodySchema>;

export const LinkedAccountSchema = v.object({
  provider: SocialProviderSchema,
  providerId: v.string(),
  email: v.nullable(v.string()),
  linked_at: IsoDate,
});
/** GET /auth/linked-accounts → data (has_password only there; POST /auth/linked-accounts answers providers alone). */
export const LinkedAccountsSchema = v.object({
  providers: v.array(LinkedAccountSchema),
  has_password: v.optional(v.boolean()),
});

/** GET /auth/email-verification and POST …/request-change → data. */
export const EmailChangeStateSchema = v.variant("pending", [
  v.object({ pending: v.literal(false) }),
  v.object({
    pending: v.literal(true),
    newEmail: v.string(),
    expires_at: IsoDate,
    resend_available_at: IsoDate,
    attempts_left: v.number(),
  }),
]);
export type EmailChangeState = v.InferOutput<typeof EmailChangeStateSchema>;

/** POST /auth/email-verification/verify-code → data. */
export const EmailChangedSchema = v.object({ email: v.string(), message: v.string() });

/** Answers that only say what happened (forgot/reset password, change password). */
export const MessageSchema = v.looseObject({ message: v.string() });

/** POST /auth/avatar → data. */
export const AvatarSavedSchema = v.object({ user: PublicUserSchema, avatar: v.nullable(v.string()) });

/** GET /auth/memories → data. */
export const MemoriesSchema = v.object({ memories: v.array(MemoryFactSchema), limit: v.number() });

export const ExternalModelSchema = v.object({
  provider: ExternalModelProviderSchema,
  name: v.string(),
  connected: v.boolean(),
  /** The key's last 4 characters; the key itself never comes back. */
  last4: v.nullable(v.string()),
  connected_at: IsoDate,
  premium_required: v.boolean(),
  /** The caller's plan may connect it. */
  available: v.boolean(),
});
export type ExternalModel = v.InferOutput<typeof ExternalModelSchema>;
/** GET /auth/external-models → data. */
export const ExternalModelsSchema = v.object({ providers: v.array(ExternalModelSchema) });
/** PUT /auth/external-models/:provider → data. */
export const ExternalModelSavedSchema = v.object({
  provider: ExternalModelProviderSchema,
  connected: v.boolean(),
  last4: v.nullable(v.string()),
  connected_at: IsoDate,
});

export const ConnectedAppEntrySchema = v.object({
  app: ConnectedAppSchema,
  name: v.string(),
  kind: v.picklist(["drive", "mail", "calendar", "office"]),
  /** The server has an OAuth client for it. */
  available: v.boolean(),
  connected: v.boolean(),
  connected_at: IsoDate,
});
export type ConnectedAppEntry = v.InferOutput<typeof ConnectedAppEntrySchema>;
/** GET /auth/connected-apps → data. */
export const ConnectedAppsSchema = v.object({ apps: v.array(ConnectedAppEntrySchema) });
/** POST /auth/connected-apps/:app/connect → data: where the browser goes to consent. */
export const ConnectStartSchema = v.object({ app: ConnectedAppSchema, authorization_url: v.string() });
