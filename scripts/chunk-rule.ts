// Which chunk of the client build each module goes into, decided by its folder and never by its file name, so that
// renaming a file cannot move it to another chunk (vite.config.ts hands the rule to rolldown's code splitting):
//   - a library goes whole into the chunk PACKAGES names for it: the framework every page loads, or the signed-in
//     chunk every signed-in page loads;
//   - an app file directly inside a folder FOLDERS lists goes into that folder's chunk (web/src/lib is the app's core
//     in the framework; the chat, history, models, layout and experts folders are the signed-in screens; plans, help,
//     the library and the shared links' common code are lazy chunks of their own);
//   - an app file in a folder named every-page/ goes into the framework, one in a folder named signed-in/ into the
//     signed-in chunk, wherever the folder is;
//   - any other app file, including those in the sub-folders of a listed folder (on-demand/, chat/turn/,
//     chat/markdown/...), is placed by rolldown from the imports: in chunks of their own, loaded on first use, or with
//     the entry when the entry imports it;
//   - a wire module (worker/protocol/, shared with the worker) goes with the first chunk to load of those that use
//     it, and a route's component (the router's ?tsr-split=component module) with the page it shows.
// The framework and signed-in chunks take scripts only: a stylesheet shared with the sign-in page must not tie it to
// the signed-in chunk.
import { relative, sep } from "node:path";

export type Chunk = "framework" | "signed-in" | "prices" | "plans" | "help" | "library" | "shares";

/** The libraries every page loads, and those only the signed-in screens load (React Query, the virtualizer, the socket). */
const PACKAGES: Record<string, Chunk> = {
  react: "framework",
  "react-dom": "framework",
  scheduler: "framework",
  "@tanstack/router-core": "framework",
  "@tanstack/react-router": "framework",
  "@tanstack/history": "framework",
  "@tanstack/store": "framework",
  "@tanstack/react-store": "framework",
  i18next: "framework",
  "react-i18next": "framework",
  "i18next-resources-to-backend": "framework",
  "use-sync-external-store": "framework",
  jotai: "framework",
  valibot: "framework",
  "@tanstack/query-core": "signed-in",
  "@tanstack/react-query": "signed-in",
  virtua: "signed-in",
  partysocket: "signed-in",
};

/** React Query's mutation hooks, which only the screens that change settings use: they load with those screens. */
const LOADS_LATER_IN_PACKAGE = /\/(mutationObserver|useMutation)\.js$/;

/** App folders (from the repository's root) whose own files go into a chunk; their sub-folders are not covered. */
const FOLDERS: Record<string, Chunk> = {
  // the app's core every page uses: the API client, storage, i18n
  "web/src/lib": "framework",
  "web/src/features/chat": "signed-in",
  "web/src/features/history": "signed-in",
  "web/src/features/models": "signed-in",
  "web/src/features/layout": "signed-in",
  "web/src/features/experts": "signed-in",
  // the upgrade and affiliate screens; the price logic the guest landing page shares is in prices/, apart
  "web/src/features/plans": "plans",
  "web/src/features/affiliate": "plans",
  "web/src/features/plans/prices": "prices",
  // the help, FAQ, changelog and blog pages
  "web/src/features/help": "help",
  // the prompt library, the notification panel and the feed pages (the header's bell is their signed-in door)
  "web/src/features/prompts": "library",
  "web/src/features/notifications": "library",
  // shared links: their texts' loader, the API and the copy button that Settings' list and the share dialog use, and
  // the continue page (its route's screen with it), one lazy chunk, so the route tree every page loads names one file
  "web/src/features/shares": "shares",
};

/** A folder of this name, anywhere in the app, puts its files into this chunk. */
const NAMED_FOLDERS: Record<string, Chunk> = { "every-page": "framework", "signed-in": "signed-in" };

/**
 * Where an unlisted module lands, in the order pages load them: the framework, then the entry (with the route tree),
 * the signed-in chunk, the lazy chunks, and last the chunks rolldown makes for code loaded on first use.
 */
type Place = Chunk | "entry" | "later";
const LOAD_ORDER: readonly Place[] = [
  "framework",
  "entry",
  "signed-in",
  "prices",
  "plans",
  "help",
  "library",
  "shares",
  "later",
];
const first = (places: Place[]) =>
  places.reduce<Place>((a, b) => (LOAD_ORDER.indexOf(b) < LOAD_ORDER.indexOf(a) ? b : a), "later");
const last = (places: Place[]) =>
  places.reduce<Place>((a, b) => (LOAD_ORDER.indexOf(b) > LOAD_ORDER.indexOf(a) ? b : a), "entry");

/** What the rule needs of rolldown's module graph. */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    isEntry: boolean;
    importers: readonly string[];
    importedIds: readonly string[];
  } | null;
}

const SCRIPT = /\.(tsx?|jsx?|mjs|cjs)$/;

/** The rule for a build whose repository root is `root`: the chunk of a module, or null for rolldown to place it. */
export function chunkRule(root: string): (id: string, graph: ModuleGraph) => Chunk | null {
  // One memo per chunking pass: the graph is fixed within a pass, and a watch rebuild hands in a new one.
  const memos = new WeakMap<ModuleGraph, Map<string, Place>>();

  function placeOf(id: string, graph: ModuleGraph, memo: Map<string, Place>): Place {
    const known = memo.get(id);
    if (known) return known;
    memo.set(id, "later"); // an import cycle back to this module counts as code loaded on first use
    const place = decide(id, graph, memo);
    memo.set(id, place);
    return place;
  }

  /** Whether the entry imports the module statically (directly or through other modules). */
  function inEntry(id: string, graph: ModuleGraph, seen: Set<string>): boolean {
    if (seen.has(id)) return false;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    return Boolean(info && (info.isEntry || info.importers.some((i) => inEntry(i, graph, seen))));
  }

  function decide(id: string, graph: ModuleGraph, memo: Map<string, Place>): Place {
    const [file = "", query = ""] = id.split("?");
    const path = relative(root, file).split(sep).join("/");
    const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
    if (pkg) {
      const chunk = PACKAGES[pkg[1]!];
      return chunk && SCRIPT.test(path) && !LOADS_LATER_IN_PACKAGE.test(path) ? chunk : fallback(id, graph);
    }
    const info = graph.getModuleInfo(id);
    if (path.startsWith("worker/protocol/") && info) {
      const users = info.importers.map((i) => placeOf(i, graph, memo));
      // With the first chunk to load that uses it; code placed by rolldown (with the entry, or loaded on first use)
      // may be on any page, so only the framework and the signed-in chunk, which load before it, may take it then.
      for (const place of ["framework", "entry", "signed-in", "later"] as const)
        if (users.includes(place)) return place;
      return first(users);
    }
    if (path.startsWith("web/src/routes/") && query.includes("tsr-split=component") && info) {
      const pages = info.importedIds.filter((i) => relative(root, i).split(sep).join("/").startsWith("web/src/"));
      return last(pages.map((i) => placeOf(i, graph, memo)));
    }
    const folder = path.slice(0, Math.max(0, path.lastIndexOf("/")));
    const named = folder.split("/").find((name) => NAMED_FOLDERS[name] !== undefined);
    const chunk = named ? NAMED_FOLDERS[named] : FOLDERS[folder];
    if (!chunk || ((chunk === "framework" || chunk === "signed-in") && !SCRIPT.test(path))) return fallback(id, graph);
    return chunk;
  }

  const fallback = (id: string, graph: ModuleGraph): Place => (inEntry(id, graph, new Set()) ? "entry" : "later");

  return (id, graph) => {
    let memo = memos.get(graph);
    if (!memo) {
      memo = new Map();
      memos.set(graph, memo);
    }
    const place = placeOf(id, graph, memo);
    return place === "entry" || place === "later" ? null : place;
  };
}
