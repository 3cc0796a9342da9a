// Whether the app's first route has been decided (see restore-chat.ts). Its own module, without dependencies, so a
// route can mark it without loading the chat queries.
let startupDone = false;

export function isStartupDone(): boolean {
  return startupDone;
}

/** Any route the app starts on counts as the startup (a reload on /c/x must not bounce a later '/' visit). */
export function markStartupDone(): void {
  startupDone = true;
}
