// Before the first paint: the stored theme (or the OS's, when following the system) and the language — the stored
// choice, else the first of the browser's languages we speak (vi, en, ru, zh, by primary subtag), else English, the
// same rule as web/src/lib/i18n.ts chooseLanguage — so the page never flashes the wrong colours or, on the static
// landing page (landing.html, which shows the copy matching <html lang>), the wrong language. The app takes over
// from here (web/src/features/theme, web/src/lib/i18n.ts).
// A signed-in user opening a chat by its address (/c/<id>) also gets the chat's newest messages asked for here, while
// the app's scripts load, rather than once they have run: the app's first call for them takes this answer
// (web/src/lib/api.ts request, window.mayEarly). The path is the app's own, id encoded the same way. And the scripts
// a signed-in page loads once the app has run (the signed-in screens and layout, with their stylesheets; the app's
// texts in the page's language; a chat's markdown renderer) are fetched at once beside the app's first ones: the
// build writes their files into `later` (scripts/inline-boot-script-plugin.ts).
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
    var ours = ["vi", "en", "ru", "zh"];
    var lang = s.getItem("language");
    if (ours.indexOf(lang) < 0) {
      lang = "en";
      var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
      for (var i = 0; i < tags.length; i++) {
        var primary = String(tags[i]).toLowerCase().split(/[-_]/)[0];
        if (ours.indexOf(primary) >= 0) {
          lang = primary;
          break;
        }
      }
    }
    root.lang = lang;
    var later = { signedIn: [], chat: [], lang: {} };
    var chat = /^\/c\/([A-Za-z0-9_.:-]{1,100})$/.exec(location.pathname);
    var signedIn = s.getItem("user_id");
    var files = signedIn ? later.signedIn.concat(chat ? later.chat : [], later.lang[lang] || []) : [];
    for (var f = 0; f < files.length; f++) {
      var link = document.createElement("link");
      if (/\.css$/.test(files[f])) {
        link.rel = "preload";
        link.as = "style";
      } else {
        link.rel = "modulepreload";
      }
      link.crossOrigin = ""; // as the app's own links ask for them (Vite's preload), so the fetch is reused
      link.href = files[f];
      document.head.appendChild(link);
    }
    if (chat && signedIn) {
      var path = "/chat-sessions/" + encodeURIComponent(chat[1]) + "/content";
      var early = fetch(path, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      early.catch(function () {});
      window.mayEarly = {};
      window.mayEarly[path] = early;
    }
  } catch (e) {}
})();
