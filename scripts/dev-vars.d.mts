// Types of dev-vars.mjs, for the TypeScript that imports it (the browser tests read the webhook secret with it).
/** Parses .dev.vars in `root` into an object; {} when there is none. */
export function readDevVars(root: string): Record<string, string>;
/** Writes or completes `root`/.dev.vars with the local defaults (random secrets, the dev mailbox). */
export function ensureDevVars(root: string): void;
