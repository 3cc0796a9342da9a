// Waiting for the event loop's next task: long work on one thread yields with it so other requests run between its
// steps (uploads' decoders), and the user's object returns an answer's turn with it so the model call it made goes
// out first (durable-objects/user-hub.ts turn).

/** Resolves in the event loop's next task (a zero-delay timer), after what the current one has set going. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
