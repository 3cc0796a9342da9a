// "JS before first paint" for the Lighthouse bench: the built app's scripts a page asked for before it had both painted
// its largest element (the form, the headline) and loaded (Lighthouse's observed LCP and load event, unthrottled),
// sized as gzip -9 of the files in dist/client as the size budget sizes them (test/browser/support/js-weight.ts),
// whichever way the local server sent them. The SPA's sign-in page waits for all of its script before the form
// paints; a pre-rendered page paints without its one script, which still loads with the page, so it counts.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Result } from "lighthouse";
import { CLIENT_DIR, type Chunk, chunkName } from "../../browser/support/js-weight";

interface RequestItem {
  url: string;
  resourceType?: string;
  sessionTargetType?: string;
  /** When the page asked for it, in ms from the first request (the page's own). */
  rendererStartTime?: number;
}

interface Observed {
  observedLargestContentfulPaint?: number;
  observedLoad?: number;
}

/** The same-origin scripts of the page (not of its service worker) requested before its largest paint and its load. */
export function scriptsBeforePaint(lhr: Result, baseURL: string): { files: Chunk[]; gzipBytes: number } {
  const observed = (lhr.audits.metrics?.details as { items?: Observed[] })?.items?.[0] ?? {};
  const lcp = Math.max(
    observed.observedLargestContentfulPaint ?? Number.POSITIVE_INFINITY,
    observed.observedLoad ?? Number.POSITIVE_INFINITY,
  );
  const items = ((lhr.audits["network-requests"]?.details as { items?: RequestItem[] })?.items ?? []).filter(
    (r) =>
      r.resourceType === "Script" &&
      (r.sessionTargetType ?? "page") === "page" &&
      r.url.startsWith(baseURL) &&
      (r.rendererStartTime ?? Number.POSITIVE_INFINITY) <= lcp,
  );
  const files = [...new Set(items.map((r) => new URL(r.url).pathname.slice(1)))]
    .filter((file) => existsSync(join(CLIENT_DIR, file)))
    .map((file) => ({
      file,
      name: chunkName(file),
      gzipBytes: gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: 9 }).length,
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
