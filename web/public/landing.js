// The static landing page's only script (landing.html, made by scripts/prerender-landing-plugin.ts; no framework
// there). The page already works without it — web/theme-init.js picked the theme and the language before the first
// paint, and the billing switch is native radios — so this adds what must remember a choice: the language picker
// (stored as the SPA stores it, <html lang> switched at once, the matching pre-rendered copy shows, with the billing
// period chosen so far), the theme switch
// (what web/src/features/theme/theme.atoms.ts does: a manual theme turns follow-system off), the copyright year (the
// build's, until a page built last year is read this year), and the installable app's service worker, which precaches
// the SPA's shell so "Sign in" opens at once.
(function () {
  var root = document.documentElement;
  var LANGUAGES = ["vi", "en", "ru", "zh"];
  // web/src/features/theme/theme.ts THEME_COLORS
  var COLORS = { dark: "#202124", light: "#ffffff" };

  function store(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch (e) {
      // storage disabled (privacy mode): the choice lasts for this page only
    }
  }

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }

  function currentTheme() {
    return root.dataset.theme === "dark" ? "dark" : "light";
  }

  /** Every copy's theme switch says what a press does next (the label for the current theme is in a data attribute).
   * Attributes already right are left alone: the page is pre-rendered light, and an untouched page restyles nothing. */
  function labelToggles() {
    var theme = currentTheme();
    document.querySelectorAll(".theme-toggle").forEach(function (button) {
      if (button.getAttribute("data-theme-current") === theme) return;
      var label = button.getAttribute("data-label-" + theme);
      button.setAttribute("aria-label", label);
      button.setAttribute("data-tooltip", label);
      button.setAttribute("data-theme-current", theme);
    });
  }

  function applyTheme(theme) {
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.content = COLORS[theme];
    labelToggles();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".theme-toggle");
    if (!button) return;
    var next = currentTheme() === "dark" ? "light" : "dark";
    store("theme", next);
    store("theme_follow_system", "false");
    applyTheme(next);
  });

  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches) return;
    // The billing period chosen in one copy holds in the others, so switching the language keeps it (as in the SPA).
    if (select.matches(".landing__billing-input")) {
      document.querySelectorAll('.landing__billing-input[value="' + select.value + '"]').forEach(function (radio) {
        radio.checked = true;
      });
      return;
    }
    if (!select.matches(".language-select select") || LANGUAGES.indexOf(select.value) < 0) return;
    var lng = select.value;
    store("language", lng);
    root.lang = lng;
    document.querySelectorAll(".language-select select").forEach(function (other) {
      other.value = lng;
    });
    // The picker just used is now in a hidden copy: keep the keyboard on the one that shows.
    var shown = document.querySelector('.landing-copy[lang="' + lng + '"] .language-select select');
    if (shown) shown.focus();
  });

  // Following the system (the default), the page follows the OS's light/dark changes live, as the SPA does.
  if (read("theme_follow_system") !== "false" && window.matchMedia) {
    var query = matchMedia("(prefers-color-scheme: dark)");
    query.addEventListener("change", function () {
      if (read("theme_follow_system") !== "false") applyTheme(query.matches ? "dark" : "light");
    });
  }

  labelToggles();

  // The copyright year was written at build time: a page built last year shows this one.
  var year = String(new Date().getFullYear());
  document.querySelectorAll("[data-year]").forEach(function (line) {
    var built = line.getAttribute("data-year");
    if (built === year) return;
    line.textContent = line.textContent.split(built).join(year);
    line.setAttribute("data-year", year);
  });

  if ("serviceWorker" in navigator) {
    addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").catch(function () {});
    });
  }
})();
