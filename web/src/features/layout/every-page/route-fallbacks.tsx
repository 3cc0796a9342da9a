// What a route shows when it does not exist or fails to render.
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Logo } from "../../ui/icons";
import "../layout.css";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="fallback">
      <Logo size={48} />
      <h1>{t("fallback.notFoundTitle")}</h1>
      <p>{t("fallback.notFoundText")}</p>
      <Link to="/" className="btn btn--primary">
        {t("fallback.home")}
      </Link>
    </div>
  );
}

export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="fallback" role="alert">
      <Logo size={48} />
      <h1>{t("fallback.errorTitle")}</h1>
      <p>{t("errors.unknown")}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t("fallback.reload")}
      </button>
    </div>
  );
}
