// The fake search server's keys and scenario queries (test/support/fake-search.ts), importable from tests in workerd.

export const FAKE_SEARCH_KEYS = {
  tavily: "tvly-test-key",
  brave: "brave-test-key",
  searxng: "searxng-test-key",
} as const;

/** Queries that make the fake misbehave; any other query gets three ordinary results. */
export const FAKE_SEARCH_QUERIES = {
  unauthorized: "fake:unauthorized",
  forbidden: "fake:forbidden",
  rateLimited: "fake:rate-limited",
  serverError: "fake:server-error",
  /** Sends nothing, ever: the caller's time limit must end the call. */
  hang: "fake:hang",
  /** Sends the headers, then never the body. */
  hangBody: "fake:hang-body",
  notJson: "fake:not-json",
  wrongShape: "fake:wrong-shape",
  /** Valid results mixed with invalid ones (no url, javascript: url, number title, duplicate). */
  mixed: "fake:mixed",
  empty: "fake:empty",
} as const;
