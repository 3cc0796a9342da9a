// The answer stream this tab is reading, so logout (profile menu, forced logout) can let go of it without loading the
// chat's sending code: the answer itself is still finished and saved by the worker.
let activeRequest: AbortController | null = null;

export function trackActiveRequest(controller: AbortController): void {
  activeRequest = controller;
}

export function releaseActiveRequest(controller: AbortController): void {
  if (activeRequest === controller) activeRequest = null;
}

/** Aborts the stream being read (logout). */
export function abortActiveStream(): void {
  activeRequest?.abort();
}
