// Applying a theme to the document: the data-theme attribute the CSS variables key on, the colour-scheme for
// native controls, and the browser's theme colour (#202124 dark, #ffffff light, as the spec gives them).
export type Theme = "light" | "dark";

export const THEME_COLORS: Record<Theme, string> = { dark: "#202124", light: "#ffffff" };

export function applyTheme(theme: Theme, doc: Document = document): void {
  const root = doc.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement("meta");
    meta.name = "theme-color";
    doc.head.appendChild(meta);
  }
  meta.content = THEME_COLORS[theme];
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
}
