// The API's closed set of error codes and the HTTP status of each, declared once: the worker answers
// {status:"error", code, message} with them (worker/errors.ts), and the SPA shows the message of `code` in the
// user's language (locales errors.<code>, a test checks that every code has one in all four locales).

export const ERROR_STATUS = {
  invalid_input: 400,
  invalid_json: 400,
  amount_mismatch: 400,
  incorrect_password: 400,
  verification_expired: 400,
  invalid_code: 400,
  provider_not_configured: 400,
  model_key_rejected: 400,
  safety_violation: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  invalid_social_token: 401,
  invalid_token: 401,
  session_expired: 401,
  forbidden: 403,
  csrf_rejected: 403,
  premium_required: 403,
  quota_exhausted: 403,
  prompt_limit: 403,
  project_limit: 403,
  captcha_failed: 403,
  account_blocked: 403,
  not_found: 404,
  model_not_found: 404,
  email_taken: 409,
  conflict: 409,
  already_linked: 409,
  last_sign_in_method: 409,
  not_running: 409,
  app_not_connected: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  search_rate_limited: 429,
  image_rate_limited: 429,
  too_many_attempts: 429,
  too_many_turns: 429,
  server_misconfigured: 500,
  internal_error: 500,
  mail_failed: 502,
  provider_unavailable: 502,
  search_auth_failed: 502,
  image_auth_failed: 502,
  search_unavailable: 503,
  image_unavailable: 503,
  mail_not_configured: 503,
  captcha_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
