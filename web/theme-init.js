// Before the first paint: the stored theme (or the OS's, when following the system) and the stored language,
// so the page never flashes the wrong colours. The app takes over from here (web/src/features/theme).
(function () {
  try {
    var s = localStorage;
    var follow = s.getItem("theme_follow_system") !== "false";
    var dark = follow ? matchMedia("(prefers-color-scheme: dark)").matches : s.getItem("theme") === "dark";
    var theme = dark ? "dark" : "light";
    var root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    document.querySelector('meta[name="theme-color"]').content = dark ? "#202124" : "#ffffff";
    var lang = s.getItem("language");
    if (lang) root.lang = lang;
  } catch (e) {}
})();
