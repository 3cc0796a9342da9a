// "Continue with Google / Facebook" on the pre-rendered sign-in and sign-up pages, as the SPA's SocialButtons
// (social-buttons.tsx): the page asks the worker which providers are set up, a provider that is not says so, and a
// click loads the provider's script and the sign-in code (guest-social-sign-in.ts, its own chunk) only then. Signed
// in, the app opens as after the form; a pending answer (the email has a password account) goes on at /link-account.
import { type SocialConfig, SocialConfigSchema } from "../../../../../worker/protocol/resources";
import type { SocialProvider } from "../../../../../worker/protocol/settings";
import { PROVIDERS, type SocialFailure, socialFailure } from "../social-rules";
import { call } from "./guest-api";
import type { Controller } from "./guest-auth";
import { showAlert, showBusy } from "./guest-dom";
import { type Copy, errorText, loadErrorTexts, translate } from "./guest-texts";

export function socialButtons(
  mode: "login" | "register",
  shown: () => Copy,
): Controller & { onClick(el: Element): void } {
  let config: SocialConfig | null = null;
  let busy: SocialProvider | null = null;
  let failure: SocialFailure | null = null;
  let error: unknown = null;

  const render = (copy: Copy) => {
    const box = copy.el.querySelector("[data-testid=social-sign-in]");
    if (!box) return;
    const text = !failure
      ? undefined
      : "code" in failure
        ? errorText(copy, error)
        : translate(copy, failure.key, failure.options);
    showAlert(box, box.querySelector(":scope > .social__or"), "social-error", text);
    for (const [provider, name, key] of PROVIDERS) {
      const button = box.querySelector<HTMLButtonElement>(`[data-testid="social-${provider}"]`);
      if (!button) continue;
      const off = config !== null && config[key] === null;
      button.setAttribute("aria-disabled", String(off || busy !== null || config === null));
      showBusy(button, busy === provider, "spinner spinner--sm");
      const note = `social-${provider}-off`;
      let line = box.querySelector(`#${note}`);
      if (off && !line) {
        line = document.createElement("p");
        line.id = note;
        line.className = "social__off";
        line.setAttribute("data-testid", `social-${provider}-unavailable`);
        line.textContent = translate(copy, "social.notSetUp", { provider: name });
        button.after(line);
        button.setAttribute("aria-describedby", note);
      }
    }
  };

  const start = async (provider: SocialProvider, id: string) => {
    busy = provider;
    failure = null;
    render(shown());
    try {
      const { signInWith } = await import("./guest-social-sign-in");
      await signInWith(provider, id);
      return; // the page is being left
    } catch (err) {
      error = err;
      failure = socialFailure(err, provider, mode);
      if (failure && "code" in failure) await loadErrorTexts(shown().lng);
    }
    busy = null;
    render(shown());
  };

  void call("/auth/social-config", SocialConfigSchema)
    .then(
      (answer) => {
        config = answer;
      },
      () => {
        config = { google_client_id: null, facebook_app_id: null };
      },
    )
    .then(() => render(shown()));

  return {
    render,
    onClick(el) {
      const button = el.closest("[data-testid^=social-]");
      const entry = PROVIDERS.find(([provider]) => button?.getAttribute("data-testid") === `social-${provider}`);
      const id = entry && config?.[entry[2]];
      if (entry && id && !busy) void start(entry[0], id);
    },
  };
}
