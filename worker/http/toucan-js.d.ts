// The part of toucan-js (pinned in package.json) that error-report.ts uses. Its own typings start with
// `/// <reference types="@cloudflare/workers-types" />`, whose globals clash with the generated
// worker-configuration.d.ts across the whole worker, so error-report.ts imports the ES module file, typed here instead.
declare module "toucan-js/dist/index.esm.js" {
  export class Toucan {
    constructor(options: { dsn: string; context: { waitUntil(promise: Promise<unknown>): void } });
    setTag(key: string, value: string): this;
    setExtra(key: string, value: unknown): this;
    setUser(user: { id: string }): this;
    captureException(exception: unknown): string;
    getClient(): { flush(timeoutMs?: number): PromiseLike<boolean> } | undefined;
  }
}
