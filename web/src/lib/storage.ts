// Everything the SPA keeps in localStorage, by name, and the one rule for clearing it: a logout (forced or not)
// removes every item except the user's theme and language choices.

export const STORAGE_KEYS = {
  theme: "theme",
  themeFollowSystem: "theme_follow_system",
  language: "language",
  user: "user",
  userId: "user_id",
  /** Where older versions kept the session token; now only ever removed (credentials live in HttpOnly cookies). */
  legacySessionToken: "session_token",
  currentChatId: "current_chat_id",
  selectedModel: "selected_model",
  disabledModels: "disabled_models",
  imageDisabled: "image_disabled",
  /** Today's usage warning, so a reload keeps the banner (until the quota day turns). */
  usageWarning: "usage_warning",
  /** The quota day today's web searches were found used up. */
  searchExhausted: "search_exhausted",
  /** What this reader's answers needed beyond markdown (code colouring and its languages, math), warmed when idle. */
  answerParts: "answer_parts",
} as const;

/** Items that survive a logout: how the app looks and which language it speaks. */
export const KEPT_ON_LOGOUT: ReadonlySet<string> = new Set([
  STORAGE_KEYS.theme,
  STORAGE_KEYS.themeFollowSystem,
  STORAGE_KEYS.language,
]);

/** The stored sign-in and per-user items; removed when the server says the session is gone (401). */
const CREDENTIAL_KEYS = [
  STORAGE_KEYS.user,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.legacySessionToken,
  STORAGE_KEYS.currentChatId,
] as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the app still runs, it just forgets
  }
}

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // quota exceeded or storage disabled: nothing useful to do
  }
}

export function readJson(key: string): unknown {
  const raw = readItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, value === undefined ? null : JSON.stringify(value));
}

export function clearCredentials(target: Storage | null = storage()): void {
  for (const key of CREDENTIAL_KEYS) target?.removeItem(key);
}

/** Logout: clears local and session storage except the theme and language items. */
export function clearStorageExceptPreferences(
  local: Storage | null = storage(),
  session: Storage | null = typeof sessionStorage === "undefined" ? null : sessionStorage,
): void {
  if (local) {
    const keys: string[] = [];
    for (let i = 0; i < local.length; i++) {
      const key = local.key(i);
      if (key !== null && !KEPT_ON_LOGOUT.has(key)) keys.push(key);
    }
    for (const key of keys) local.removeItem(key);
  }
  session?.clear();
}
