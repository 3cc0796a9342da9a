// /continue/<share id>, where a shared page's "Continue this chat" leads: a signed-in visitor takes a copy of the shared
// chat into their account (POST /shares/:id/continue) and goes on in it at /c/<copy>. Only on the button's press,
// never on load: a link on another site must not add chats to the visitor's account without their doing. A revoked or
// unknown link (404, or an id that cannot be one) says so and leads home.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { chatKeys } from "../chat/chat.queries";
import { IconLink } from "../ui/more-icons";
import { SHARE_TEXTS } from "./share-texts";
import { continueShare, isShareId } from "./shares.api";
import "./continue-page.css";

export function ContinueSharePage({ shareId }: { shareId: string }) {
  return (
    <Suspense fallback={null}>
      <ContinueShare shareId={shareId} />
    </Suspense>
  );
}

function ContinueShare({ shareId }: { shareId: string }) {
  const { t } = useTranslation(SHARE_TEXTS);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const go = useMutation({
    mutationFn: () => continueShare(shareId),
    onSuccess: async (copy) => {
      void qc.invalidateQueries({ queryKey: chatKeys.list() }); // the copy joins the history
      // replaced: going back from the copy does not offer to copy it again
      await navigate({ to: "/c/$chatId", params: { chatId: copy.chat_id }, replace: true });
    },
  });
  const gone = !isShareId(shareId) || (go.error instanceof ApiError && go.error.status === 404);

  return (
    <div className="continue-share" data-testid="continue-page">
      <div className="continue-share__icon">
        <IconLink size={26} />
      </div>
      <h1 className="continue-share__title">{t("continue.title")}</h1>
      {gone ? (
        <>
          <p className="notice notice--error" role="alert" data-testid="continue-not-found">
            {t("continue.notFound")}
          </p>
          <Link to="/" className="btn btn--primary" data-testid="continue-home">
            {t("continue.home")}
          </Link>
        </>
      ) : (
        <>
          <p className="continue-share__text">{t("continue.explain")}</p>
          {go.error ? (
            <p className="notice notice--error" role="alert" data-testid="continue-error">
              {errorMessage(t, go.error)}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--primary btn--lg"
            data-testid="continue-share"
            disabled={go.isPending || go.isSuccess}
            onClick={() => go.mutate()}
          >
            {go.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            {t("continue.button")}
          </button>
        </>
      )}
    </div>
  );
}
