// What the SPA sends to the account calls, declared once: registration, login, profile, password change and reset,
// email change, Google and Facebook sign-in and links, and an external model's key. The worker validates each body
// with these schemas (worker/routes/auth.ts, account-*.ts, external-models.ts) and the SPA types what it sends with
// their input types, so a field renamed on one side fails the typecheck on the other.
// The SPA imports only this module's types: the worker validates the bodies at its edge, and a schema object the SPA
// imported at run time would be bundled into its chunks even unused (the bundler keeps valibot schemas it cannot prove
// pure).
import * as v from "valibot";
import { FORM_PASSWORD_MIN } from "./accounts";
import { LANGUAGES } from "./language";
import { SocialProviderSchema } from "./settings";
import { HttpUrlSchema } from "./urls";
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
/**
 * The Turnstile widget's token (worker/auth/turnstile.ts), on the forms it guards. Optional in the schema: required by
 * the worker only when the operator turned Turnstile on (GET /api/config gives turnstile_site_key, else null).
 */
const TurnstileTokenSchema = v.optional(v.pipe(v.string(), v.maxLength(2048, "Invalid human check token")));

export const RegistrationSchema = v.object({
  name: NameSchema,
  email: EmailSchema,
  password: v.pipe(
    v.string("Password is required"),
    v.minLength(FORM_PASSWORD_MIN, `Password must be at least ${FORM_PASSWORD_MIN} characters`),
    v.maxLength(PASSWORD_MAX),
  ),
  turnstile_token: TurnstileTokenSchema,
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
export const PasswordForgotSchema = v.object({ email: EmailSchema, turnstile_token: TurnstileTokenSchema });
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

/**
 * POST /auth/delete-account: the user proves it is them once more: their password, or (an account without one) a fresh
 * Google ID token or Facebook access token of an identity linked to the account.
 */
export const AccountDeletionSchema = v.object({
  password: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX))),
  provider: v.optional(SocialProviderSchema),
  token: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty("Token is required"), v.maxLength(TOKEN_MAX))),
  accessToken: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty("Access token is required"), v.maxLength(TOKEN_MAX))),
});
export type AccountDeletion = v.InferInput<typeof AccountDeletionSchema>;
