// The models the landing page names, by access level. A guest cannot call GET /api/models (it needs a session), so the
// names are listed here; test/web/landing-models.test.ts keeps them equal to the worker's catalogue
// (worker/models/catalogue.ts), so a model added there fails the test until the page names it too.
export const FREE_MODELS: readonly string[] = ["GPT 4.1-mini", "GPT o4-mini", "DeepSeek"];
export const PREMIUM_MODELS: readonly string[] = ["GPT 4.1", "Gemini 2.5 Pro", "GPT o3", "Grok 3 Pro", "Claude 4 pro"];
