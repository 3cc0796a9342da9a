// The account calls, declared once as valibot schemas: what the SPA sends (registration, login, profile, password,
// email change, social sign-in and links, an external model's key), which the worker validates at its edge and the
// SPA types its bodies with; and the answers the SPA reads (sign-in with Google or Facebook, linked accounts, email
// change, password change and reset, avatar, memory, external models, connected apps), which the worker types its
// answers with (worker/routes/auth.ts, account-*.ts, external-models.ts) and the SPA validates.
import * as v from "valibot";
import { PublicUserSchema } from "./resources";
import { ConnectedAppSchema, ExternalModelProviderSchema, MemoryFactSchema, SocialProviderSchema } from "./settings";
import { LANGUAGES } from "./language";
import { HttpUrlSchema } from "./urls";

// ---- requests -----------------------------------------------------------------------------------------------------

/** A changed password has at least 6 characters; a password chosen on a form (register, reset) at least 8. */
export const CHANGED_PASSWORD_MIN = 6;
export const FORM_PASSWORD_MIN = 8;
const PASSWORD_MAX = 256;
/** Longest sign-in token or access token a provider gives, in characters. */
const TOKEN_MAX = 8_192;
/** The client's user agent, kept to name the session in Settings > Security. */
const UserAgentSchema = v.optional(v.pipe(v.string(), v.maxLength(512)));

export const EmailSchema = v.pipe(
  v.string("Email is required"),
  v.trim(),
  v.nonEmpty("Email is required"),
  v.maxLength(254),
  v.email("Invalid email"),
);
const NameSchema = v.pipe(
  v.string("Name is required"),
  v.trim(),
  v.nonEmpty("Name is required"),
  v.maxLength(100, "Name is too long"),
);

/** POST /auth/register. */
export const RegistrationSchema = v.object({
  name: NameSchema,
  email: EmailSchema,
  password: v.pipe(
    v.string("Password is required"),
    v.minLength(FORM_PASSWORD_MIN, `Password must be at least ${FORM_PASSWORD_MIN} characters`),
    v.maxLength(PASSWORD_MAX),
  ),
});
export type Registration = v.InferInput<typeof RegistrationSchema>;

/** POST /auth/login. */
export const LoginSchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string("Password is required"), v.nonEmpty("Password is required"), v.maxLength(PASSWORD_MAX)),
  user_agent: UserAgentSchema,
});
export type Login = v.InferInput<typeof LoginSchema>;

/** PATCH /auth/update-profile: the fields sent change, the others stay. */
export const ProfileUpdateSchema = v.object({
  name: v.optional(NameSchema),
  phone_number: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.regex(/^\+?[0-9 ().-]{6,20}$/, "Invalid phone number"))),
  ),
  birthday: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.isoDate("Birthday must be YYYY-MM-DD"),
        v.check((d) => d <= new Date().toISOString().slice(0, 10), "Birthday cannot be in the future"),
      ),
    ),
  ),
  gender: v.optional(v.nullable(v.picklist(["male", "female", "other"], "Gender must be male, female or other"))),
  avatar: v.optional(v.nullable(HttpUrlSchema)),
  language: v.optional(v.nullable(v.picklist(LANGUAGES))),
});
export type ProfileUpdate = v.InferInput<typeof ProfileUpdateSchema>;

/** POST /auth/change-password: both are required (the worker says so), the new one CHANGED_PASSWORD_MIN long. */
export const PasswordChangeSchema = v.object({
  currentPassword: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX)), ""),
  newPassword: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX)), ""),
});
export type PasswordChange = v.InferInput<typeof PasswordChangeSchema>;

/** POST /auth/forgot-password. */
export const PasswordForgotSchema = v.object({ email: EmailSchema });
export type PasswordForgot = v.InferInput<typeof PasswordForgotSchema>;

const NewPasswordSchema = v.pipe(
  v.string("New password is required"),
  v.minLength(FORM_PASSWORD_MIN, `Password must be at least ${FORM_PASSWORD_MIN} characters`),
  v.maxLength(PASSWORD_MAX),
);
/** POST /auth/reset-password: the mailed link's token, or the email and the mailed 6-digit code. */
export const PasswordResetSchema = v.union(
  [
    v.object({
      token: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "Invalid reset link")),
      newPassword: NewPasswordSchema,
    }),
    v.object({
      email: v.pipe(v.string(), v.trim(), v.email("Invalid email")),
      code: v.pipe(v.string("enter full 6-digit code"), v.trim(), v.regex(/^\d{6}$/, "enter full 6-digit code")),
      newPassword: NewPasswordSchema,
    }),
  ],
  "Give the reset link's token, or the email and its 6-digit code, with the new password",
);
export type PasswordReset = v.InferInput<typeof PasswordResetSchema>;

/** POST /auth/email-verification/request-change. */
export const EmailChangeSchema = v.object({
  newEmail: v.pipe(
    v.optional(v.string("New email is required"), ""),
    v.trim(),
    v.nonEmpty("New email is required"),
    v.maxLength(254),
    v.email("Invalid email"),
  ),
});
export type EmailChange = v.InferInput<typeof EmailChangeSchema>;

/** POST /auth/email-verification/verify-code. */
export const EmailCodeSchema = v.object({
  verificationCode: v.pipe(
    v.optional(v.string("enter full 6-digit code"), ""),
    v.trim(),
    v.regex(/^\d{6}$/, "enter full 6-digit code"),
  ),
});
export type EmailCode = v.InferInput<typeof EmailCodeSchema>;

/** POST /auth/google: Google's ID token. */
export const GoogleSignInSchema = v.object({
  token: v.pipe(v.string("Token is required"), v.trim(), v.nonEmpty("Token is required"), v.maxLength(TOKEN_MAX)),
  user_agent: UserAgentSchema,
});
export type GoogleSignIn = v.InferInput<typeof GoogleSignInSchema>;

/** POST /auth/facebook: Facebook's access token. */
export const FacebookSignInSchema = v.object({
  accessToken: v.pipe(
    v.string("Access token is required"),
    v.trim(),
    v.nonEmpty("Access token is required"),
    v.maxLength(TOKEN_MAX),
  ),
  user_agent: UserAgentSchema,
});
export type FacebookSignIn = v.InferInput<typeof FacebookSignInSchema>;

/** POST /auth/link-account: completes a pending link (SocialSignInBodySchema's) with the account's password. */
export const AccountLinkSchema = v.object({
  provider: v.optional(SocialProviderSchema),
  providerId: v.optional(v.pipe(v.string(), v.maxLength(255))),
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))),
  password: v.pipe(v.string("Password is required"), v.nonEmpty("Password is required"), v.maxLength(PASSWORD_MAX)),
  linkingToken: v.pipe(
    v.string("linkingToken is required: sign in with the provider again"),
    v.nonEmpty(),
    v.maxLength(TOKEN_MAX),
  ),
  user_agent: UserAgentSchema,
});
export type AccountLink = v.InferInput<typeof AccountLinkSchema>;

/** POST /auth/linked-accounts: links another identity while signed in (the password again, when the account has one). */
export const SignedInLinkSchema = v.object({
  provider: SocialProviderSchema,
  token: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty("Token is required"), v.maxLength(TOKEN_MAX))),
  accessToken: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty("Access token is required"), v.maxLength(TOKEN_MAX))),
  password: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX))),
});
export type SignedInLink = v.InferInput<typeof SignedInLinkSchema>;

/** POST /auth/unlink-account. */
export const UnlinkSchema = v.object({ provider: SocialProviderSchema });
export type Unlink = v.InferInput<typeof UnlinkSchema>;

/** PUT /auth/external-models/:provider: the user's own key, tried once against the provider before it is kept. */
export const ModelKeySchema = v.object({
  apiKey: v.pipe(
    v.optional(v.string("API key must be text"), ""),
    v.trim(),
    v.nonEmpty("API key is required"),
    v.maxLength(512, "API key is too long"),
    // Printable ASCII without spaces: what every provider issues, and all that may go into an HTTP header.
    v.regex(/^[\x21-\x7e]+$/, "API key contains characters no provider uses"),
  ),
});
export type ModelKey = v.InferInput<typeof ModelKeySchema>;

// ---- answers ------------------------------------------------------------------------------------------------------

const IsoDate = v.nullable(v.string());

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
