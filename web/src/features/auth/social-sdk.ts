// Google and Facebook credentials in the browser, loaded only when the user asks for them (never with the sign-in
// page): Google Identity Services gives an ID token, the Facebook SDK an access token; the worker verifies both.
// Each provider's script gets 15 s to load, after which the sign-in fails as "SDK not loaded".

/** How long the provider's script may take to load, in milliseconds (15 s). */
export const SDK_LOAD_TIMEOUT_MS = 15_000;
const GOOGLE_SDK = "https://accounts.google.com/gsi/client";
const FACEBOOK_SDK = "https://connect.facebook.net/en_US/sdk.js";
const FACEBOOK_API_VERSION = "v21.0";

/** Why getting a credential failed: the script never loaded, the user backed out, or the provider refused. */
export class SocialSdkError extends Error {
  constructor(readonly kind: "sdk_missing" | "cancelled" | "failed") {
    super(kind);
    this.name = "SocialSdkError";
  }
}

interface GooglePromptNotification {
  isNotDisplayed?: () => boolean;
  isSkippedMoment?: () => boolean;
  isDismissedMoment?: () => boolean;
  getDismissedReason?: () => string;
}
interface GoogleId {
  initialize(options: {
    client_id: string;
    callback: (r: { credential?: string }) => void;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_prompt?: boolean;
  }): void;
  prompt(listener?: (n: GooglePromptNotification) => void): void;
}
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    cb: (r: { authResponse?: { accessToken?: string } | null; status?: string }) => void,
    options: { scope: string },
  ): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
    FB?: FacebookSdk;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds the script (once while it loads); rejects with sdk_missing if it has not loaded (and defined `ready()`) within 15 s. */
export function loadSdk(src: string, ready: () => boolean, timeoutMs = SDK_LOAD_TIMEOUT_MS): Promise<void> {
  if (ready()) return Promise.resolve();
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.defer = true;
      const timer = setTimeout(() => fail(), timeoutMs);
      const fail = () => {
        clearTimeout(timer);
        loading.delete(src); // a later click tries again
        script.remove();
        reject(new SocialSdkError("sdk_missing"));
      };
      script.onload = () => {
        clearTimeout(timer);
        loading.delete(src); // from now on ready() answers
        if (ready()) resolve();
        else fail();
      };
      script.onerror = fail;
      document.head.appendChild(script);
    });
    loading.set(src, p);
  }
  return p;
}

/** An ID token from Google One Tap / the FedCM prompt for this client id. */
export async function googleIdToken(clientId: string): Promise<string> {
  await loadSdk(GOOGLE_SDK, () => Boolean(window.google?.accounts?.id));
  const id = window.google?.accounts?.id;
  if (!id) throw new SocialSdkError("sdk_missing");
  return new Promise<string>((resolve, reject) => {
    id.initialize({
      client_id: clientId,
      cancel_on_tap_outside: true,
      use_fedcm_for_prompt: true,
      callback: (r) =>
        typeof r.credential === "string" && r.credential ? resolve(r.credential) : reject(new SocialSdkError("failed")),
    });
    id.prompt((n) => {
      // Not shown at all (browser settings, Google's cool-down after a dismissal): say it failed, or the click
      // would seem to do nothing. Closed by the user: nothing to say.
      if (n.isNotDisplayed?.()) reject(new SocialSdkError("failed"));
      else if (n.isSkippedMoment?.()) reject(new SocialSdkError("cancelled"));
      else if (n.isDismissedMoment?.() && n.getDismissedReason?.() !== "credential_returned")
        reject(new SocialSdkError("cancelled"));
    });
  });
}

/** A user access token from the Facebook login dialog (with the email permission) for this app id. */
export async function facebookAccessToken(appId: string): Promise<string> {
  await loadSdk(FACEBOOK_SDK, () => Boolean(window.FB));
  const fb = window.FB;
  if (!fb) throw new SocialSdkError("sdk_missing");
  fb.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
  return new Promise<string>((resolve, reject) => {
    fb.login(
      (r) => {
        const token = r.authResponse?.accessToken;
        if (typeof token === "string" && token) resolve(token);
        else
          reject(new SocialSdkError(r.status === "unknown" || r.status === "not_authorized" ? "cancelled" : "failed"));
      },
      { scope: "email" },
    );
  });
}

/** The provider's credential for this server's client id (Google) or app id (Facebook). */
export const providerCredential = (provider: "google" | "facebook", id: string) =>
  provider === "google" ? googleIdToken(id) : facebookAccessToken(id);
