// Trying a user's API key once against its provider before we store it: the cheapest authenticated call in
// providers.ts, with a 10 s limit. Only the status matters: 2xx accepted; 400/401/403 refused (Google answers 400
// for a bad key); 429, 5xx and network failures mean we could not tell, and nothing is stored.
import type { ExternalModelProvider } from "../protocol/settings";
import { authHeaders, EXTERNAL_PROVIDERS, providerBaseURL } from "./providers";

const CHECK_TIMEOUT_MS = 10_000;

export type KeyCheck = "accepted" | "rejected" | "unavailable";

export async function checkProviderKey(
  env: { EXTERNAL_MODEL_BASE_URLS?: string },
  provider: ExternalModelProvider,
  apiKey: string,
): Promise<KeyCheck> {
  const spec = EXTERNAL_PROVIDERS[provider];
  const url = `${providerBaseURL(env, spec)}${spec.check.path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: spec.check.method,
      headers: {
        ...authHeaders(spec, apiKey),
        ...(spec.check.method === "POST" ? { "Content-Type": "application/json" } : {}),
      },
      body: spec.check.method === "POST" ? JSON.stringify(spec.check.body) : undefined,
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      redirect: "manual",
    });
  } catch {
    return "unavailable";
  }
  await res.body?.cancel();
  if (res.ok) return "accepted";
  if (res.status === 400 || res.status === 401 || res.status === 403) return "rejected";
  return "unavailable";
}
