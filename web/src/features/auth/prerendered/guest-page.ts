// The pre-rendered sign-in, sign-up and password-reset pages' one script (a Vite entry of its own, built by
// scripts/prerender-guest-pages-plugin.ts; no framework: the page is already drawn). The page holds a copy per
// language and the boot script (web/theme-init.js) showed the one for <html lang> before the first paint; this keeps
// that copy in the document and the others aside (one form on the page, for the keyboard, password managers and
// screen readers), swaps them when the language picker changes, and runs the page's forms as the SPA does
// (guest-auth.ts, guest-reset.ts, guest-social.ts), the theme switch and the password fields' show/hide buttons. It
// also registers the service worker, which caches the app's files meanwhile: the chat opens at once after signing in.
import { isLanguage, type Language } from "../../../../../worker/protocol/language";
import { STORAGE_KEYS, readItem, writeItem } from "../../../lib/storage";
import { type Theme, applyTheme, systemPrefersDark } from "../../theme/theme";
import { COPY_CLASS, type GuestPageName, type Texts } from "./guest-contract";
import { type Controller, authForm } from "./guest-auth";
import { focusFirst, input, wake } from "./guest-dom";
import { linkToken, resetForm } from "./guest-reset";
import { socialButtons } from "./guest-social";
import { guestHumanCheck } from "./guest-turnstile";
import { type Copy, errorTextsInUse, loadErrorTexts, translate } from "./guest-texts";

const root = document.documentElement;

/** Everything the script does, started once the page has painted (below). */
function start() {
  const copies = new Map<Language, Copy>();
  for (const el of document.querySelectorAll<HTMLElement>(`.${COPY_CLASS}`)) {
    const lng = el.lang;
    const island = el.querySelector("script[data-texts]");
    if (isLanguage(lng)) copies.set(lng, { el, lng, texts: JSON.parse(island?.textContent || "{}") as Texts });
  }
  let current = copies.get(isLanguage(root.lang) ? root.lang : "en") ?? [...copies.values()][0]!;
  const shown = () => current;
  const page = current.el.dataset.page as GuestPageName;

  /** The sign-in page's notice for ?reason=expired (a session that ended), as the SPA's /login shows it. */
  const expiredNotice: Controller = {
    render(copy) {
      if (new URLSearchParams(location.search).get("reason") !== "expired") return;
      const form = copy.el.querySelector(".auth__card > form");
      const notice = copy.el.querySelector<HTMLTemplateElement>('template[data-template="notice"]');
      if (form && notice && !copy.el.querySelector("[data-testid=auth-notice]"))
        form.before(notice.content.cloneNode(true));
    },
  };

  const social = page === "login" || page === "register" ? socialButtons(page, shown) : null;
  const token = linkToken(location.search);
  // Turnstile's widget on sign-up and on asking for the reset mail, when the worker gave the page its site key
  const human =
    page === "register"
      ? guestHumanCheck("register-form")
      : page === "reset-password"
        ? guestHumanCheck("forgot-form")
        : null;
  const controllers: Controller[] =
    page === "login" || page === "register"
      ? [authForm(page, shown, human), social!, ...(page === "login" ? [expiredNotice] : [])]
      : [resetForm(page === "reset-password-link" ? token : undefined, shown, human)];

  // The mailed link's page without a usable token (opened by hand): the reset starts at the email, as in the SPA.
  if (page === "reset-password-link" && !token) location.replace("/reset-password");

  /** The password's show/hide button, as Field's: the input's type, the button's label, pressed state and icon. */
  function reveal(button: Element, copy: Copy, show: boolean) {
    const field = button.parentElement?.querySelector("input");
    const icon = copy.el.querySelector<HTMLTemplateElement>(`template[data-template="${show ? "eye-off" : "eye"}"]`);
    if (!field) return;
    field.type = show ? "text" : "password";
    button.setAttribute("aria-label", translate(copy, show ? "passwordField.hide" : "passwordField.show"));
    button.setAttribute("aria-pressed", String(show));
    if (icon) button.querySelector("svg")?.replaceWith(icon.content.cloneNode(true));
  }

  const currentTheme = (): Theme => (root.dataset.theme === "dark" ? "dark" : "light");

  /** The theme switch says what a press does next (both labels are pre-rendered in data attributes). */
  function labelToggles(copy: Copy) {
    const theme = currentTheme();
    for (const button of copy.el.querySelectorAll(".theme-toggle")) {
      if (button.getAttribute("data-theme-current") === theme) continue;
      const label = button.getAttribute(`data-label-${theme}`) ?? "";
      button.setAttribute("aria-label", label);
      button.setAttribute("data-tooltip", label);
      button.setAttribute("data-theme-current", theme);
    }
  }

  function setTheme(theme: Theme) {
    applyTheme(theme);
    labelToggles(current);
  }

  /** The picker's choice, stored as the SPA stores it: the copy in that language takes this one's place, filled in. */
  function switchLanguage(lng: Language) {
    const next = copies.get(lng);
    writeItem(STORAGE_KEYS.language, lng);
    root.lang = lng;
    if (!next || next === current) return;
    for (const c of controllers) c.render(next);
    wake(next.el);
    for (const old of current.el.querySelectorAll<HTMLInputElement>("input[name]")) {
      const twin = input(next.el, old.name);
      if (!twin) continue;
      twin.value = old.value;
      const button = twin.parentElement?.querySelector(".field__reveal");
      if (button) reveal(button, next, old.type === "text");
    }
    labelToggles(next);
    current.el.replaceWith(next.el);
    current = next;
    // an error on screen is said again in the new language once its texts are in, as i18next does on a switch
    if (errorTextsInUse())
      void loadErrorTexts(lng).then(() => {
        if (current === next) for (const c of controllers) c.render(next);
      });
    // the picker just used is gone with its copy: the keyboard stays on the one that shows
    next.el.querySelector<HTMLSelectElement>("[data-testid=language-select]")?.focus();
  }

  // One copy in the document: the one the boot script chose.
  for (const copy of copies.values()) if (copy !== current) copy.el.remove();
  for (const c of controllers) c.render(current);
  wake(current.el);
  labelToggles(current);
  // Where the SPA's autoFocus puts the keyboard, unless the visitor is already somewhere on the page.
  if (document.activeElement === document.body || !document.activeElement) focusFirst(current.el);

  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!current.el.contains(form)) return;
    event.preventDefault();
    for (const c of controllers) c.onSubmit?.(current, form);
  });

  document.addEventListener("input", (event) => {
    const field = event.target as HTMLInputElement;
    if (field.matches("input") && current.el.contains(field)) for (const c of controllers) c.onInput?.(current, field);
  });

  document.addEventListener("change", (event) => {
    const select = event.target as HTMLSelectElement;
    if (select.matches("[data-testid=language-select]") && current.el.contains(select) && isLanguage(select.value))
      switchLanguage(select.value);
  });

  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    const button = target.closest("button");
    if (!button || !current.el.contains(button)) return;
    if (button.matches(".theme-toggle")) {
      // a manual theme turns follow-system off (web/src/features/theme/theme.atoms.ts)
      const next = currentTheme() === "dark" ? "light" : "dark";
      writeItem(STORAGE_KEYS.theme, next);
      writeItem(STORAGE_KEYS.themeFollowSystem, "false");
      setTheme(next);
    } else if (button.matches(".field__reveal")) {
      reveal(button, current, button.getAttribute("aria-pressed") !== "true");
    } else if (button.matches("[data-testid=forgot-password]")) {
      location.assign("/reset-password");
    } else social?.onClick(button);
  });

  // Following the system (the default), the page follows the OS's light/dark changes live, as the SPA does.
  if (readItem(STORAGE_KEYS.themeFollowSystem) !== "false" && typeof matchMedia === "function") {
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
      if (readItem(STORAGE_KEYS.themeFollowSystem) !== "false") setTheme(systemPrefersDark() ? "dark" : "light");
    });
  }

  // The installable app's service worker: it precaches the app's shell and first screens while the visitor types.
  // After the page's load, which may be over by now (this starts after the first paint).
  if ("serviceWorker" in navigator) {
    const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
    if (document.readyState === "complete") register();
    else addEventListener("load", register);
  }
}

// The page paints first, then its script takes over: run at once, the script's work (setting the other copies aside,
// drawing the forms' state, focusing the first field) sat between the parsed page and its first paint (~250 ms at
// Lighthouse's 4× CPU slowdown). The page's buttons stay inert meanwhile (guest-dom.ts wake): nothing is sent
// without it.
requestAnimationFrame(() => setTimeout(start, 0));
