// Applying a theme to the document: the data-theme attribute the CSS variables key on, the colour-scheme for
// native controls, and the browser's theme colour (#202124 dark, #ffffff light: each theme's page colour in theme.css).
export type Theme = "light" | "dark";

export const THEME_COLORS: Record<Theme, string> = { dark: "#202124", light: "#ffffff" };

export function applyTheme(theme: Theme, doc: Document = document): void {
  const root = doc.documentElement;
  // Written only when different (the boot script has usually set them): even an unchanged write restyles the page.
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
  if (root.style.colorScheme !== theme) root.style.colorScheme = theme;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement("meta");
    meta.name = "theme-color";
    doc.head.appendChild(meta);
  }
  if (meta.content !== THEME_COLORS[theme]) meta.content = THEME_COLORS[theme];
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
}
