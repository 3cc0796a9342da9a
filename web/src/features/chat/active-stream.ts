// The answer stream being read right now, in a module of its own: logout (profile menu, forced logout) must abort it,
// and importing this instead of chat-actions.ts lets the send code load with the first send rather than with the page.
export const activeStream: { request: AbortController | null } = { request: null };

/** Aborts the stream being read (logout): the answer itself is still finished and saved by the worker. */
export function abortActiveStream(): void {
  activeStream.request?.abort();
}
