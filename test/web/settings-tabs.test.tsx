// Personalization and external models in jsdom, with the worker answered by a stub fetch: the AI styles and own
// model keys are locked on Free with an upgrade link and work on Premium; the instruction's 1,500-character limit
// blocks saving; a remembered fact can be deleted; an API key is checked before it is sent and shown by its last 4;
// the names with words in them (OneDrive's "personal", Gemini's "formerly Bard") are shown in the user's language.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAccountsTexts } from "../../web/src/features/settings/accounts-texts";
import { AppsTab } from "../../web/src/features/settings/apps-tab";
import { ModelsTab } from "../../web/src/features/settings/models-tab";
import { PersonalizationTab } from "../../web/src/features/settings/personalization-tab";
import { initI18n } from "../../web/src/lib/i18n";
import { ok, type ScriptedCall, type ScriptedRoute, stubScriptedFetch } from "../support/scripted-fetch";

let routes: Record<string, ScriptedRoute>;
const calls: ScriptedCall[] = [];

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
  await loadAccountsTexts();
});
beforeEach(() => {
  calls.length = 0;
  stubScriptedFetch(() => routes, calls);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (plan: "free" | "advanced") => ({
  id: "u1",
  name: "Lan",
  email: "lan@example.vn",
  plan,
  is_premium: plan === "free" ? 0 : 2,
});
const settings = (patch: Record<string, unknown> = {}) => ({
  chat_customization: "",
  enable_search: true,
  enable_ai_custom: true,
  allow_new_chats: true,
  ai_style: null,
  memory_enabled: true,
  custom_instruction_max_chars: 1500,
  ...patch,
});

/** Renders a tab on a router (its upgrade links are router links) with a fresh query cache. */
function renderTab(node: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: () => <QueryClientProvider client={qc}>{node}</QueryClientProvider> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/settings"] }) });
  return render(<RouterProvider router={router} />);
}

describe("PersonalizationTab", () => {
  it("locks the AI styles on Free, with an upgrade link", async () => {
    routes = {
      "GET /auth/me": () => ok({ user: user("free") }),
      "GET /auth/ai-settings": () => ok(settings()),
      "GET /auth/memories": () => ok({ memories: [], limit: 20 }),
    };
    renderTab(<PersonalizationTab />);
    await screen.findByTestId("styles-locked");
    expect(screen.getByTestId("styles-upgrade").getAttribute("href")).toBe("/upgrade");
    for (const id of ["accurate", "practical", "creativeLite", "superCreative", "spontaneous"]) {
      expect((screen.getByTestId(`style-${id}`) as HTMLInputElement).disabled).toBe(true);
    }
    await screen.findByTestId("memory-empty");
  });

  it("saves a chosen style on Premium", async () => {
    routes = {
      "GET /auth/me": () => ok({ user: user("advanced") }),
      "GET /auth/ai-settings": () => ok(settings()),
      "GET /auth/memories": () => ok({ memories: [], limit: 100 }),
      "PATCH /auth/update-ai-settings": (b) => ok(settings(b as Record<string, unknown>)),
    };
    renderTab(<PersonalizationTab />);
    await waitFor(() => expect((screen.getByTestId("style-superCreative") as HTMLInputElement).disabled).toBe(false));
    expect(screen.queryByTestId("styles-locked")).toBeNull();
    fireEvent.click(screen.getByTestId("style-superCreative"));
    await waitFor(() => expect((screen.getByTestId("style-superCreative") as HTMLInputElement).checked).toBe(true));
    expect(calls.find((c) => c.key === "PATCH /auth/update-ai-settings")?.body).toEqual({ ai_style: "superCreative" });
  });

  it("blocks saving an instruction over 1,500 characters and saves one within it", async () => {
    routes = {
      "GET /auth/me": () => ok({ user: user("free") }),
      "GET /auth/ai-settings": () => ok(settings()),
      "GET /auth/memories": () => ok({ memories: [], limit: 20 }),
      "POST /auth/update-chat-customization": (b) =>
        ok(settings({ chat_customization: (b as { customization: string }).customization })),
    };
    renderTab(<PersonalizationTab />);
    const box = (await screen.findByTestId("custom-instruction")) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "x".repeat(1501) } });
    expect(screen.getByTestId("instruction-count").textContent).toBe("The instructions are limited to 1500 characters");
    expect((screen.getByTestId("instruction-save") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: "Be brief." } });
    expect(screen.getByTestId("instruction-count").textContent).toBe("9 / 1500 characters");
    fireEvent.click(screen.getByTestId("allow-new-chats"));
    fireEvent.click(screen.getByTestId("instruction-save"));
    await waitFor(() =>
      expect(calls.find((c) => c.key === "POST /auth/update-chat-customization")?.body).toEqual({
        customization: "Be brief.",
        enable_ai_custom: true,
        allow_new_chats: false,
      }),
    );
  });

  it("lists the remembered facts and deletes one", async () => {
    let memories = [
      { id: "m1", content: "Lives in Hà Nội", created_at: "2026-11-01T00:00:00.000Z" },
      { id: "m2", content: "Teaches maths", created_at: null },
    ];
    routes = {
      "GET /auth/me": () => ok({ user: user("free") }),
      "GET /auth/ai-settings": () => ok(settings()),
      "GET /auth/memories": () => ok({ memories, limit: 20 }),
      "DELETE /auth/memories/m1": () => {
        memories = memories.filter((m) => m.id !== "m1");
        return ok({ deleted: true });
      },
    };
    renderTab(<PersonalizationTab />);
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId("memory-row")[0]!).getByTestId("memory-delete"));
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(1));
    expect(screen.getByTestId("memory-row").textContent).toContain("Teaches maths");
  });
});

describe("ModelsTab", () => {
  const providers = (available: boolean, connected: Record<string, string> = {}) =>
    ["grok", "llama", "bard", "claude", "deepseek", "copilot", "perplexity"].map((p) => ({
      provider: p,
      name: p.toUpperCase(),
      connected: p in connected,
      last4: connected[p] ?? null,
      connected_at: p in connected ? "2026-11-01T00:00:00.000Z" : null,
      premium_required: true,
      available,
    }));

  it("is locked on Free, with an upgrade link and no key boxes", async () => {
    routes = { "GET /auth/external-models": () => ok({ providers: providers(false) }) };
    renderTab(<ModelsTab />);
    await screen.findByTestId("models-locked");
    expect(screen.queryAllByTestId("model-key")).toHaveLength(0);
  });

  it("checks the key before sending, shows a refused key, and a connected one by its last 4", async () => {
    let connected: Record<string, string> = {};
    routes = {
      "GET /auth/external-models": () => ok({ providers: providers(true, connected) }),
      "PUT /auth/external-models/grok": (b) => {
        const key = (b as { apiKey: string }).apiKey;
        if (key !== "xai-good-key-1234")
          return { status: 400, body: { status: "error", code: "model_key_rejected", message: "no", field: "apiKey" } };
        connected = { grok: "1234" };
        return ok({ provider: "grok", connected: true, last4: "1234", connected_at: "2026-11-23T00:00:00.000Z" });
      },
      "DELETE /auth/external-models/grok": () => {
        connected = {};
        return ok({ provider: "grok", connected: false });
      },
    };
    renderTab(<ModelsTab />);
    const row = await screen.findByTestId("model-grok");
    fireEvent.click(within(row).getByTestId("model-connect"));
    expect(within(row).getByTestId("model-error").textContent).toBe("Enter an API key");
    expect(calls.some((c) => c.key.startsWith("PUT"))).toBe(false);

    fireEvent.change(within(row).getByTestId("model-key"), { target: { value: "wrong-key" } });
    fireEvent.click(within(row).getByTestId("model-connect"));
    await waitFor(() =>
      expect(within(row).getByTestId("model-error").textContent).toBe("GROK did not accept this API key"),
    );

    fireEvent.change(within(row).getByTestId("model-key"), { target: { value: " xai-good-key-1234 " } });
    fireEvent.click(within(row).getByTestId("model-connect"));
    await waitFor(() =>
      expect(within(screen.getByTestId("model-grok")).getByTestId("model-status").textContent).toBe(
        "Connected · key ending in 1234",
      ),
    );
    expect(calls.filter((c) => c.key === "PUT /auth/external-models/grok").at(-1)?.body).toEqual({
      apiKey: "xai-good-key-1234",
    });

    fireEvent.click(within(screen.getByTestId("model-grok")).getByTestId("model-remove"));
    await waitFor(() =>
      expect(within(screen.getByTestId("model-grok")).getByTestId("model-status").textContent).toBe("Not connected"),
    );
  });
});

describe("names in the user's language", () => {
  afterEach(async () => {
    await i18next.changeLanguage("en");
  });

  const externalModels = () =>
    ok({
      providers: [
        {
          provider: "bard",
          name: "Gemini (Bard)",
          connected: false,
          last4: null,
          connected_at: null,
          premium_required: true,
          available: true,
        },
        {
          provider: "copilot",
          name: "Copilot (GitHub Models)",
          connected: false,
          last4: null,
          connected_at: null,
          premium_required: true,
          available: true,
        },
        {
          provider: "claude",
          name: "Claude (Anthropic)",
          connected: false,
          last4: null,
          connected_at: null,
          premium_required: true,
          available: true,
        },
      ],
    });
  const connectedApps = () =>
    ok({
      apps: [
        {
          app: "onedrive",
          name: "OneDrive (personal)",
          kind: "office",
          available: true,
          connected: false,
          connected_at: null,
        },
        {
          app: "microsoft-365",
          name: "Microsoft 365 (work or school)",
          kind: "office",
          available: true,
          connected: false,
          connected_at: null,
        },
        { app: "gmail", name: "Gmail", kind: "mail", available: true, connected: false, connected_at: null },
      ],
    });
  const title = (testId: string) =>
    within(screen.getByTestId(testId)).getByText((_, el) => el?.className === "settings-list__title").textContent;

  it.each([
    [
      "vi",
      "Gemini (trước đây là Bard)",
      "Copilot (qua GitHub Models)",
      "OneDrive (cá nhân)",
      "Microsoft 365 (cơ quan hoặc trường học)",
    ],
    [
      "ru",
      "Gemini (ранее Bard)",
      "Copilot (через GitHub Models)",
      "OneDrive (личный)",
      "Microsoft 365 (рабочий или учебный)",
    ],
    ["zh", "Gemini（原 Bard）", "Copilot（通过 GitHub Models）", "OneDrive（个人）", "Microsoft 365（工作或学校）"],
    [
      "en",
      "Gemini (formerly Bard)",
      "Copilot (GitHub Models)",
      "OneDrive (personal)",
      "Microsoft 365 (work or school)",
    ],
  ])(
    "names the external models and connected apps in %s, brand names as they are",
    async (lang, bard, copilot, onedrive, m365) => {
      await i18next.changeLanguage(lang);
      await loadAccountsTexts();
      routes = { "GET /auth/external-models": externalModels, "GET /auth/connected-apps": connectedApps };
      renderTab(
        <>
          <ModelsTab />
          <AppsTab />
        </>,
      );
      await screen.findByTestId("model-bard");
      await screen.findByTestId("app-onedrive");
      expect(title("model-bard")).toBe(bard);
      expect(title("model-copilot")).toBe(copilot);
      expect(title("model-claude")).toBe("Claude (Anthropic)");
      expect(title("app-onedrive")).toBe(onedrive);
      expect(title("app-microsoft-365")).toBe(m365);
      expect(title("app-gmail")).toBe("Gmail");
    },
  );
});
