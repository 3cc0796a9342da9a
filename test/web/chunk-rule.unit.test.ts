// Where the client build puts each module (scripts/chunk-rule.ts): by its folder, so a file renamed in its folder stays
// in its chunk; a library whole; a wire module with the first chunk to load that uses it; a route's component with
// the page it shows. The size budget test (test/browser/size-budget.test.ts) checks what the pages then weigh.
import { describe, expect, it } from "vitest";
import { chunkRule, type ModuleGraph } from "../../scripts/chunk-rule";

const ROOT = "/repo";
const at = (path: string) => `${ROOT}/${path}`;

/** A module graph from import edges: [importer, imported, ...]; the first module is the entry. */
function graph(entry: string, edges: [string, string][]): ModuleGraph {
  const ids = new Set([at(entry), ...edges.flat().map(at)]);
  return {
    getModuleInfo: (id) =>
      ids.has(id)
        ? {
            isEntry: id === at(entry),
            importers: edges.filter(([, to]) => at(to) === id).map(([from]) => at(from)),
            importedIds: edges.filter(([from]) => at(from) === id).map(([, to]) => at(to)),
          }
        : null,
  };
}

const ENTRY = "web/src/main.tsx";
const place = (path: string, edges: [string, string][] = []) => chunkRule(ROOT)(at(path), graph(ENTRY, edges));

describe("the chunk rule", () => {
  it("places an app file by its folder, whatever the file is called", () => {
    expect(place("web/src/features/chat/chat-view.tsx")).toBe("signed-in");
    expect(place("web/src/features/chat/a-file-renamed-later.tsx")).toBe("signed-in");
    expect(place("web/src/features/history/history-list.tsx")).toBe("signed-in");
    expect(place("web/src/features/plans/upgrade-page.tsx")).toBe("plans");
    expect(place("web/src/features/plans/plans.css")).toBe("plans");
    expect(place("web/src/features/plans/prices/pricing.ts")).toBe("prices");
    expect(place("web/src/features/help/help-page.tsx")).toBe("help");
    expect(place("web/src/features/notifications/notification-panel.tsx")).toBe("library");
    expect(place("web/src/features/shares/shares.api.ts")).toBe("shares");
    expect(place("web/src/lib/api.ts")).toBe("framework");
  });

  it("puts the files of every-page/ and signed-in/ folders into the framework and the signed-in chunk, wherever they are", () => {
    expect(place("web/src/features/auth/every-page/session.ts")).toBe("framework");
    expect(place("web/src/features/chat/every-page/startup.ts")).toBe("framework");
    expect(place("web/src/features/images/signed-in/header-buttons.tsx")).toBe("signed-in");
    expect(place("web/src/features/notifications/signed-in/notification-bell.tsx")).toBe("signed-in");
    expect(place("web/src/lib/signed-in/query-client.ts")).toBe("signed-in");
  });

  it("leaves other folders, and the sub-folders of a listed one, to load on first use", () => {
    expect(place("web/src/features/chat/on-demand/find-bar.tsx")).toBeNull();
    expect(place("web/src/features/shares/on-demand/share-dialog.tsx")).toBeNull();
    expect(place("web/src/features/chat/turn/send-message.ts")).toBeNull();
    expect(place("web/src/features/chat/markdown/render-tokens.tsx")).toBeNull();
    expect(place("web/src/features/settings/settings-page.tsx")).toBeNull();
    expect(place("web/src/features/images/gallery-page.tsx")).toBeNull();
  });

  it("keeps stylesheets out of the framework and the signed-in chunk", () => {
    expect(place("web/src/features/chat/chat.css")).toBeNull();
    expect(place("web/src/features/attachments/signed-in/composer-tools.css")).toBeNull();
  });

  it("places a library whole, except React Query's mutation hooks", () => {
    expect(place("node_modules/react-dom/cjs/react-dom-client.production.js")).toBe("framework");
    expect(place("node_modules/@tanstack/router-core/dist/esm/router.js")).toBe("framework");
    expect(place("node_modules/@tanstack/query-core/build/modern/queryClient.js")).toBe("signed-in");
    expect(place("node_modules/@tanstack/react-query/build/modern/useMutation.js")).toBeNull();
    expect(place("node_modules/marked/lib/marked.esm.js")).toBeNull();
  });

  it("puts a wire module with the first chunk to load that uses it", () => {
    const rules = "worker/protocol/rules.ts";
    // the signed-in screens and a piece loaded on first use: the signed-in chunk, which is loaded first
    expect(
      place(rules, [
        ["web/src/features/chat/chat-view.tsx", rules],
        ["web/src/features/images/image-quota.atoms.ts", rules],
      ]),
    ).toBe("signed-in");
    // the API client too: the framework
    expect(
      place(rules, [
        ["web/src/lib/api.ts", rules],
        ["web/src/features/chat/chat-view.tsx", rules],
      ]),
    ).toBe("framework");
    // only code loaded on first use, or the entry itself: left to rolldown
    expect(place(rules, [["web/src/features/settings/settings.api.ts", rules]])).toBeNull();
    expect(
      place(rules, [
        [ENTRY, "web/src/routes/__root.tsx"],
        ["web/src/routes/__root.tsx", rules],
        ["web/src/features/chat/chat-view.tsx", rules],
      ]),
    ).toBeNull();
    // two lazy chunks: the one that loads first (the prices come with the upgrade page's plans)
    const packages = "worker/protocol/packages.ts";
    expect(
      place(packages, [
        ["web/src/features/plans/prices/fetch-packages.ts", packages],
        ["worker/protocol/payments.ts", packages],
        ["web/src/features/plans/plans.queries.ts", "worker/protocol/payments.ts"],
      ]),
    ).toBe("prices");
  });

  it("puts a route's component with the page it shows", () => {
    const upgrade = "web/src/routes/_app/upgrade.tsx?tsr-split=component";
    expect(place(upgrade, [[upgrade, "web/src/features/plans/upgrade-page.tsx"]])).toBe("plans");
    const chat = "web/src/routes/_app/c.$chatId.tsx?tsr-split=component";
    expect(
      place(chat, [
        [chat, "web/src/features/chat/chat-view.tsx"],
        [chat, "web/src/features/chat/every-page/startup.ts"],
        [chat, "node_modules/@tanstack/react-router/dist/esm/index.js"],
      ]),
    ).toBe("signed-in");
    const gallery = "web/src/routes/_app/gallery.tsx?tsr-split=component";
    expect(place(gallery, [[gallery, "web/src/features/images/gallery-page.tsx"]])).toBeNull();
  });
});
