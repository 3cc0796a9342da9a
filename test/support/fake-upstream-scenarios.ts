// What the fake upstream (fake-upstream.ts, in Node) answers, shared with the tests that run inside workerd. The
// scenario is chosen by the upstream model name a test routes to, so one server serves every case at once.

export const FAKE_MODELS = {
  /** Streams FAKE_OK_CHUNKS and the provider's normal finish. */
  ok: "fake-ok",
  /** Like ok, plus the provider's url citations (FAKE_CITATIONS) where its wire format has them. */
  cited: "fake-cited",
  /** 401 with the provider's real authentication error body. */
  unauthorized: "fake-unauthorized",
  /** 403 with the provider's permission error body. */
  forbidden: "fake-forbidden",
  /** Google's real answer to a wrong key: 400 INVALID_ARGUMENT with the reason API_KEY_INVALID. */
  badKey: "fake-bad-key",
  /** 429 with the provider's rate limit body. */
  rateLimited: "fake-rate-limited",
  /** 503 (Anthropic: 529 overloaded). */
  unavailable: "fake-unavailable",
  /** 400 invalid request: not one of the specific failures. */
  badRequest: "fake-bad-request",
  /** Sends FAKE_CUT_CHUNKS, then destroys the socket mid-response. */
  cut: "fake-cut",
  /** Sends FAKE_CUT_CHUNKS, then ends the body cleanly without the provider's finish event. */
  truncated: "fake-truncated",
  /** Sends FAKE_CUT_CHUNKS, then the provider's own in-stream error event for an overloaded server. */
  streamError: "fake-stream-error",
  /** Streams a delta every FAKE_SLOW_INTERVAL_MS for a minute: for stop and abort tests. */
  slow: "fake-slow",
} as const;

export const FAKE_OK_CHUNKS = ["Xin chào", " from the", " fake", " upstream:", " mây ☁️", " and", " 云", "."];
export const FAKE_OK_TEXT = FAKE_OK_CHUNKS.join("");

export const FAKE_CUT_CHUNKS = ["Half of", " an answer"];
export const FAKE_CUT_TEXT = FAKE_CUT_CHUNKS.join("");

export const FAKE_SLOW_INTERVAL_MS = 100;

export const FAKE_CITATIONS = [
  { url: "https://example.com/cloud", title: "Clouds explained" },
  { url: "https://example.org/rain", title: "Why it rains" },
];

/** One request the fake upstream received, as GET /__requests returns it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /openai/responses or /google/models/fake-ok:streamGenerateContent?alt=sse */
  path: string;
  headers: Record<string, string>;
  /** The key the request carried in Authorization: Bearer, x-api-key or x-goog-api-key, if any. */
  apiKey: string | null;
  /** The upstream model asked for (from the body, or Google's path). */
  model: string | null;
  body: unknown;
}
