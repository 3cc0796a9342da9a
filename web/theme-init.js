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
      dropPreviewOnceShown(location.pathname);
    }
  } catch (e) {}

  // The chat's first screen drawn by the worker (#chat-preview, worker/http/chat-page.ts) covers the app until the
  // app's own list has a message in view, the app has gone to another address, or PREVIEW_FRAMES frames have passed
  // since the app's layout appeared (a chat the app could not open: its own screen then shows).
  function dropPreviewOnceShown(path) {
    var PREVIEW_FRAMES = 120; // about 2 s at 60 frames per second
    var frames = -1;
    var drop = function () {
      var preview = document.getElementById("chat-preview");
      if (preview) preview.parentNode.removeChild(preview);
    };
    var shown = function () {
      var view = document.querySelector("#root [data-testid=message-list]");
      var rows = view ? view.querySelectorAll("[data-testid=message]") : [];
      if (!view || !rows.length) return false;
      var box = view.getBoundingClientRect();
      for (var i = 0; i < rows.length; i++) {
        var r = rows[i].getBoundingClientRect();
        if (r.height > 0 && r.bottom > box.top && r.top < box.bottom) return true;
      }
      return false;
    };
    var frame = function () {
      if (!document.getElementById("chat-preview")) return;
      if (location.pathname !== path || shown() || ++frames >= PREVIEW_FRAMES) drop();
      else requestAnimationFrame(frame);
    };
    // The app's first render is a change to #root: from then on, every frame looks.
    var watch = new MutationObserver(function () {
      if (frames < 0 && document.querySelector("#root > :not(.boot)")) {
        frames = 0;
        watch.disconnect();
        requestAnimationFrame(frame);
      }
    });
    watch.observe(document.documentElement, { childList: true, subtree: true });
  }
})();
