// Shared by the markdown tests: an i18next instance with the renderer's keys, and a render that wraps it in.
import { cleanup, render, type RenderOptions } from "@testing-library/react";
import { createInstance } from "i18next";
import type { ReactElement, ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach } from "vitest";
import en from "../../../locales/en.json";

const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: "en",
  // the renderer's own texts, as the app ships them in English
  resources: { en: { translation: { markdown: en.markdown } } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

function Providers({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

export function renderWithI18n(ui: ReactElement, options?: Omit<RenderOptions, "wrapper">) {
  return render(ui, { wrapper: Providers, ...options });
}

// Vitest globals are off, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);
