// The account and settings calls the settings screen, /link-account and /reset-password make, each answer checked
// with the worker's own schemas (worker/protocol/accounts.ts, settings.ts, resources.ts, payments.ts).
import * as v from "valibot";
import {
  AvatarSavedSchema,
  ConnectStartSchema,
  ConnectedAppsSchema,
  EmailChangeStateSchema,
  EmailChangedSchema,
  ExternalModelSavedSchema,
  ExternalModelsSchema,
  LinkedAccountsSchema,
  MemoriesSchema,
  MessageSchema,
  SignedInSchema,
} from "../../../../worker/protocol/accounts";
import { ErrorEnvelopeSchema, successEnvelope } from "../../../../worker/protocol/envelopes";
import { SessionEntrySchema } from "../../../../worker/protocol/resources";
import {
  AiSettingsSchema,
  type ConnectedAppId,
  type ExternalModelProvider,
  type SocialProvider,
} from "../../../../worker/protocol/settings";
import type {
  AccountLink,
  EmailChange,
  EmailCode,
  ModelKey,
  PasswordChange,
  PasswordForgot,
  PasswordReset,
  ProfileUpdate,
  SignedInLink,
  Unlink,
} from "../../../../worker/protocol/account-requests";
import type { AiSettingsUpdate, CustomizationUpdate } from "../../../../worker/protocol/settings-requests";
import { API_TIMEOUT_MS, ApiError, api, fail, handleUnauthorized } from "../../lib/api";
import { currentLanguage } from "../../lib/i18n";
import { MeSchema } from "../auth/every-page/auth.schemas";
import { storeSession } from "../auth/every-page/session";

// ---- profile ------------------------------------------------------------------------------------------------------
export const updateProfile = (patch: ProfileUpdate) =>
  api("/auth/update-profile", MeSchema, { method: "PATCH", body: patch });

/** Uploads the avatar (multipart field "avatar"); the worker stores it in R2 and points the profile at it. */
export async function uploadAvatar(file: File) {
  const form = new FormData();
  form.append("avatar", file);
  let res: Response;
  try {
    res = await fetch("/auth/avatar", {
      method: "POST",
      body: form,
      credentials: "same-origin",
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (err) {
    const timeout = err instanceof Error && err.name === "TimeoutError";
    return fail(
      new ApiError(0, timeout ? "timeout" : "network_error", timeout ? "Request timed out" : "Network error"),
    );
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized();
    const e = v.safeParse(ErrorEnvelopeSchema, body);
    return fail(
      new ApiError(
        res.status,
        e.success ? e.output.code : "internal_error",
        e.success ? e.output.message : `API error (${res.status})`,
      ),
    );
  }
  const parsed = v.safeParse(successEnvelope(AvatarSavedSchema), body);
  if (!parsed.success) return fail(new ApiError(res.status, "invalid_response", "Invalid response from /auth/avatar"));
  return parsed.output.data;
}

export const removeAvatar = () =>
  api("/auth/avatar", v.object({ user: v.nullable(MeSchema.entries.user) }), { method: "DELETE" });

// ---- email change -------------------------------------------------------------------------------------------------
export const fetchEmailChange = () => api("/auth/email-verification", EmailChangeStateSchema);
/** The calls that mail the user say which language the app shows, so the mail is in it (when none is stored). */
const mailLanguage = () => ({ "Accept-Language": currentLanguage() });
export const requestEmailChange = (newEmail: string) =>
  api("/auth/email-verification/request-change", EmailChangeStateSchema, {
    method: "POST",
    body: { newEmail } satisfies EmailChange,
    headers: mailLanguage(),
  });
export const verifyEmailCode = (verificationCode: string) =>
  api("/auth/email-verification/verify-code", EmailChangedSchema, {
    method: "POST",
    body: { verificationCode } satisfies EmailCode,
    headers: mailLanguage(),
  });
export const cancelEmailChange = () => api("/auth/email-verification/cancel", v.looseObject({}), { method: "POST" });

// ---- security -----------------------------------------------------------------------------------------------------
export const fetchSessions = () => api("/user-sessions", v.array(SessionEntrySchema));
export const endSession = (id: string) =>
  api(`/user-sessions/${encodeURIComponent(id)}`, v.looseObject({}), { method: "DELETE" });

export const changePassword = (body: PasswordChange) =>
  api("/auth/change-password", MessageSchema, { method: "POST", body });

export const fetchLinkedAccounts = () => api("/auth/linked-accounts", LinkedAccountsSchema);
export const unlinkAccount = (provider: SocialProvider) =>
  api("/auth/unlink-account", v.looseObject({}), {
    method: "POST",
    body: { provider } satisfies Unlink,
  });
/** Links another identity while signed in; the account's password is asked again when it has one. */
export const linkWhileSignedIn = (provider: SocialProvider, credential: string, password: string) =>
  api("/auth/linked-accounts", LinkedAccountsSchema, {
    method: "POST",
    body: {
      provider,
      ...(provider === "google" ? { token: credential } : { accessToken: credential }),
      password: password || undefined,
    } satisfies SignedInLink,
  });

// ---- signed out: link a social identity, forgotten password --------------------------------------------------------
export async function completeLink(input: {
  provider: SocialProvider;
  providerId: string;
  email: string;
  linkingToken: string;
  password: string;
}) {
  const result = await api("/auth/link-account", SignedInSchema, {
    method: "POST",
    body: { ...input, user_agent: navigator.userAgent.slice(0, 500) } satisfies AccountLink,
    on401: "throw", // a wrong password is an answer
  });
  storeSession(result);
  return result;
}

export const forgotPassword = (email: string, turnstileToken?: string) =>
  api("/auth/forgot-password", MessageSchema, {
    method: "POST",
    body: { email, turnstile_token: turnstileToken } satisfies PasswordForgot,
    on401: "throw",
    headers: mailLanguage(),
  });
export const resetPassword = (body: PasswordReset) =>
  api("/auth/reset-password", MessageSchema, { method: "POST", body, on401: "throw" });

// ---- personalization and memory -----------------------------------------------------------------------------------
export const fetchAiSettings = () => api("/auth/ai-settings", AiSettingsSchema);
export const updateAiSettings = (patch: AiSettingsUpdate) =>
  api("/auth/update-ai-settings", AiSettingsSchema, { method: "PATCH", body: patch });
export const updateChatCustomization = (body: CustomizationUpdate) =>
  api("/auth/update-chat-customization", AiSettingsSchema, { method: "POST", body });
export const fetchMemories = () => api("/auth/memories", MemoriesSchema);
export const deleteMemory = (id: string) =>
  api(`/auth/memories/${encodeURIComponent(id)}`, v.looseObject({}), { method: "DELETE" });

// ---- external models, connected apps ------------------------------------------------------------------------------
export const fetchExternalModels = () => api("/auth/external-models", ExternalModelsSchema);
export const connectExternalModel = (provider: ExternalModelProvider, apiKey: string) =>
  api(`/auth/external-models/${provider}`, ExternalModelSavedSchema, {
    method: "PUT",
    body: { apiKey } satisfies ModelKey,
  });
export const disconnectExternalModel = (provider: ExternalModelProvider) =>
  api(`/auth/external-models/${provider}`, v.looseObject({}), { method: "DELETE" });

export const fetchConnectedApps = () => api("/auth/connected-apps", ConnectedAppsSchema);
export const startAppConnection = (app: ConnectedAppId) =>
  api(`/auth/connected-apps/${app}/connect`, ConnectStartSchema, { method: "POST" });
export const disconnectApp = (app: ConnectedAppId) =>
  api(`/auth/connected-apps/${app}`, v.looseObject({}), { method: "DELETE" });
