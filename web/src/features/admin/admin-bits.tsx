// Small pieces every console page uses: number, money and date formats in the page's language, the notice for a read
// that failed (the app's sentence for the error code), and a table that scrolls inside its box on a narrow screen
// instead of widening the page.
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/error-message";
import { useAdminTexts } from "./admin-texts";

export function useFormats() {
  const { i18n } = useAdminTexts();
  const lng = i18n.language;
  const num = new Intl.NumberFormat(lng);
  const vnd = new Intl.NumberFormat(lng, { style: "currency", currency: "VND", maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(lng, { dateStyle: "medium" });
  const dateTime = new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" });
  return {
    num: (n: number) => num.format(n),
    vnd: (n: number) => vnd.format(n),
    /** A difference in VND with its sign: +10.000 ₫ / −10.000 ₫. */
    signedVnd: (n: number) => (n > 0 ? `+${vnd.format(n)}` : n < 0 ? `−${vnd.format(-n)}` : vnd.format(0)),
    date: (ms: number | null | undefined) => (ms ? date.format(new Date(ms)) : "—"),
    dateTime: (ms: number | null | undefined) => (ms ? dateTime.format(new Date(ms)) : "—"),
    /** A YYYY-MM-DD day shortened for an axis: "28/11"-like, in the page's language. */
    shortDay: (day: string) =>
      new Intl.DateTimeFormat(lng, { day: "numeric", month: "numeric", timeZone: "UTC" }).format(
        new Date(`${day}T00:00:00Z`),
      ),
  };
}

export function LoadError({ error }: { error: unknown }) {
  const { t } = useAdminTexts();
  return (
    <p className="notice notice--error" role="alert">
      {errorMessage(t, error)}
    </p>
  );
}

export function Loading() {
  return <span className="spinner" aria-hidden="true" />;
}

export function TableBox({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="adm-table-box" data-testid={testId}>
      <table className="adm-table">{children}</table>
    </div>
  );
}
