// "Continue with Google / Facebook" under the sign-in and sign-up forms. The page asks the worker which providers
// are set up (a small JSON call); the provider's script and the sign-in code load only on click. A provider that is
// not set up says so instead. A pending answer (the email has a password account) continues at /link-account.
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "./auth-texts";
import type { SocialProvider } from "../../../../worker/protocol/settings";
import { type SocialConfig, SocialConfigSchema } from "../../../../worker/protocol/resources";
import { api } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import "./link-state";
import { takeReturnPath } from "./return-path";
import { PROVIDERS, socialFailure } from "./social-rules";
import { enterApp } from "./use-auth-form";

export function SocialButtons({ mode }: { mode: "login" | "register" }) {
  const { t } = useTranslation(AUTH_TEXTS);
  const navigate = useNavigate();
  const [config, setConfig] = useState<SocialConfig | null>(null);
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api("/auth/social-config", SocialConfigSchema, { on401: "throw" }).then(setConfig, () =>
      setConfig({ google_client_id: null, facebook_app_id: null }),
    );
  }, []);

  const start = async (provider: SocialProvider, id: string) => {
    setBusy(provider);
    setError(null);
    try {
      const { socialSignIn } = await import("./social-sign-in");
      const body = await socialSignIn(provider, id);
      if (body.status === "pending") {
        const { email, providerId, linkingToken } = body.data;
        await navigate({
          to: "/link-account",
          state: { linkAccount: { email, providerId, provider: body.data.provider, linkingToken } },
        });
      } else {
        await enterApp(body.data.user);
        await navigate({ href: takeReturnPath() ?? "/" });
      }
    } catch (err) {
      const failure = socialFailure(err, provider, mode);
      if (failure) setError("code" in failure ? errorMessage(t, err) : t(failure.key, failure.options));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="social" data-testid="social-sign-in">
      <div className="social__or">{t("social.or")}</div>
      {error ? (
        <div className="notice notice--error" role="alert" data-testid="social-error">
          {error}
        </div>
      ) : null}
      {PROVIDERS.map(([provider, name, key]) => {
        const id = config?.[key] ?? null;
        const off = config !== null && id === null;
        return (
          <div key={provider}>
            <button
              type="button"
              className="btn btn--block social__btn"
              data-testid={`social-${provider}`}
              aria-disabled={off || busy !== null || config === null}
              aria-describedby={off ? `social-${provider}-off` : undefined}
              onClick={() => id && !busy && void start(provider, id)}
            >
              {busy === provider ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
              {t("social.continueWith", { provider: name })}
            </button>
            {off ? (
              <p id={`social-${provider}-off`} className="social__off" data-testid={`social-${provider}-unavailable`}>
                {t("social.notSetUp", { provider: name })}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
