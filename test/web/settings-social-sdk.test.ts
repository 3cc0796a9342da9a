// Google and Facebook in the browser (features/auth/social-sdk.ts, social-sign-in.ts): nothing loads until asked;
// the provider's script gets 15 s to load and then fails as "SDK not loaded"; Google's credential comes from the
// GSI callback, a prompt that is not shown counts as cancelled; the worker's pending answer comes back for
// /link-account and a success stores the session.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  SDK_LOAD_TIMEOUT_MS,
  SocialSdkError,
  facebookAccessToken,
  googleIdToken,
  loadSdk,
} from "../../web/src/features/auth/social-sdk";
import { socialSignIn } from "../../web/src/features/auth/social-sign-in";

const scripts = () => Array.from(document.head.querySelectorAll("script")).map((s) => s.src);

beforeEach(() => {
  document.head.innerHTML = "";
  delete window.google;
  delete window.FB;
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Plays the browser: the script element "loads" by running `install` and firing onload. */
function loadScriptsWith(install: (src: string) => void) {
  const observer = new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes)
        if (node instanceof HTMLScriptElement) {
          install(node.src);
          node.onload?.(new Event("load"));
        }
  });
  observer.observe(document.head, { childList: true });
  return () => observer.disconnect();
}

describe("loading a provider's script", () => {
  it("adds nothing until asked", () => {
    expect(scripts()).toEqual([]);
  });

  it("fails as 'SDK not loaded' when the script has not loaded within 15 s, and tries again on the next click", async () => {
    vi.useFakeTimers();
    const first = loadSdk("https://accounts.google.com/gsi/client", () => Boolean(window.google?.accounts?.id));
    expect(scripts()).toEqual(["https://accounts.google.com/gsi/client"]);
    const outcome = first.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SDK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await outcome;
    expect(err).toBeInstanceOf(SocialSdkError);
    expect((err as SocialSdkError).kind).toBe("sdk_missing");
    expect(scripts()).toEqual([]); // removed, so a later click adds it afresh
    expect(SDK_LOAD_TIMEOUT_MS).toBe(15_000);
  });
});

describe("Google", () => {
  it("answers the ID token from the GSI callback for this client id", async () => {
    const initialize = vi.fn();
    const stop = loadScriptsWith(() => {
      let callback: (r: { credential?: string }) => void = () => {};
      window.google = {
        accounts: {
          id: {
            initialize: (o) => {
              initialize(o.client_id);
              callback = o.callback;
            },
            prompt: () => callback({ credential: "header.payload.signature" }),
          },
        },
      };
    });
    await expect(googleIdToken("client-1.apps.googleusercontent.com")).resolves.toBe("header.payload.signature");
    expect(initialize).toHaveBeenCalledWith("client-1.apps.googleusercontent.com");
    stop();
  });

  it("fails when Google does not show its prompt, and counts a prompt the user closed as cancelled", async () => {
    let notice: { isNotDisplayed?: () => boolean; isSkippedMoment?: () => boolean } = { isNotDisplayed: () => true };
    const stop = loadScriptsWith(() => {
      window.google = { accounts: { id: { initialize: () => {}, prompt: (listener) => listener?.(notice) } } };
    });
    await expect(googleIdToken("client-1")).rejects.toMatchObject({ kind: "failed" });
    notice = { isNotDisplayed: () => false, isSkippedMoment: () => true };
    await expect(googleIdToken("client-1")).rejects.toMatchObject({ kind: "cancelled" });
    stop();
  });
});

describe("Facebook", () => {
  it("answers the access token of the login dialog, and a refusal as cancelled", async () => {
    let answer: { authResponse?: { accessToken?: string } | null; status?: string } = {
      authResponse: { accessToken: "EAAtoken" },
      status: "connected",
    };
    const init = vi.fn();
    const stop = loadScriptsWith(() => {
      window.FB = { init: (o) => init(o.appId), login: (cb) => cb(answer) };
    });
    await expect(facebookAccessToken("app-9")).resolves.toBe("EAAtoken");
    expect(init).toHaveBeenCalledWith("app-9");
    answer = { authResponse: null, status: "unknown" };
    await expect(facebookAccessToken("app-9")).rejects.toMatchObject({ kind: "cancelled" });
    stop();
  });
});

describe("socialSignIn", () => {
  let stop = () => {};
  afterEach(() => stop());
  beforeEach(() => {
    stop = loadScriptsWith(() => {
      let callback: (r: { credential?: string }) => void = () => {};
      window.google = {
        accounts: {
          id: { initialize: (o) => (callback = o.callback), prompt: () => callback({ credential: "id-token" }) },
        },
      };
    });
  });

  it("returns the pending link (email, providerId, provider) without storing a session", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        status: "pending",
        data: {
          requiresLinking: true,
          email: "lan@example.vn",
          providerId: "123",
          provider: "google",
          linkingToken: "lt",
        },
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const body = await socialSignIn("google", "client-1");
    expect(body).toEqual({
      status: "pending",
      data: {
        requiresLinking: true,
        email: "lan@example.vn",
        providerId: "123",
        provider: "google",
        linkingToken: "lt",
      },
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/auth/google");
    expect(JSON.parse(String(init.body))).toMatchObject({ token: "id-token" });
    expect(localStorage.getItem("session_token")).toBeNull();
  });

  it("remembers the user of a successful sign-in, never its tokens (they are HttpOnly cookies)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({
          status: "success",
          data: {
            user: { id: "u1", name: "Lan", email: "lan@example.vn" },
            token: "jwt",
            session_token: "s".repeat(64),
          },
        }),
      ),
    );
    const body = await socialSignIn("google", "client-1");
    expect(body.status).toBe("success");
    expect(localStorage.getItem("user_id")).toBe("u1");
    expect(
      Object.values({ ...localStorage }).some((value) => value.includes("s".repeat(64)) || value.includes("jwt")),
    ).toBe(false);
  });
});
