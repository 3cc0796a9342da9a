// Settings > Security > Your data: what the download holds, and "Download my data", which counts what is coming, then
// receives the zip with a progress bar (bytes so far against the estimate) and a Cancel button, and saves it. Its texts
// are the account-data namespace, which loads with it.
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { Section } from "../settings/section";
import { toast } from "../toast/toast.atoms";
import { ACCOUNT_DATA_TEXTS } from "./account-data-texts";
import { progressOf, useDataExport } from "./use-data-export";

const MB = 1_000_000;

/** "1.5 MB" and "about 12 MB" in the user's language, both in the unit the larger one needs (kB under a megabyte). */
export function formatSizes(language: string, received: number, total: number): { received: string; total: string } {
  const mega = Math.max(received, total) >= MB;
  const format = new Intl.NumberFormat(language, {
    style: "unit",
    unit: mega ? "megabyte" : "kilobyte",
    maximumFractionDigits: mega ? 1 : 0,
  });
  const unit = mega ? MB : 1_000;
  return { received: format.format(received / unit), total: format.format(Math.max(total, 1) / unit) };
}

/** The section, shown once its texts are in (the rest of the tab does not wait for them). */
export function DataExportSection() {
  return (
    <Suspense fallback={null}>
      <DataExport />
    </Suspense>
  );
}

function DataExport() {
  const { t, i18n } = useTranslation(ACCOUNT_DATA_TEXTS);
  const { state, start, cancel } = useDataExport({
    onError: (err) =>
      toast.error(
        err instanceof ApiError && err.code === "stream_interrupted" ? t("export.interrupted") : errorMessage(t, err),
      ),
    onCancelled: () => toast.info(t("export.cancelled")),
  });
  const busy = state.step === "preparing" || state.step === "receiving";

  return (
    <Section title={t("export.title")} description={t("export.description")} testId="data-export">
      {state.step === "receiving" ? (
        <Progress
          received={state.received}
          total={state.summary.approximate_bytes}
          contents={[
            t("export.chats", { count: state.summary.chats }),
            t("export.pictures", { count: state.summary.images }),
            t("export.files", { count: state.summary.files }),
          ].join(" · ")}
          language={i18n.language}
        />
      ) : null}
      {state.step === "preparing" ? (
        <p className="settings-hint" role="status">
          {t("export.preparing")}
        </p>
      ) : null}
      {state.step === "done" ? (
        <p className="notice notice--info" role="status" data-testid="data-export-done">
          {t("export.done", { file: state.name })}
        </p>
      ) : null}
      <div className="settings-row account-data__actions">
        {busy ? (
          <button type="button" className="btn btn--ghost" onClick={cancel} data-testid="data-export-cancel">
            {t("export.cancel")}
          </button>
        ) : (
          <button type="button" className="btn" onClick={() => void start()} data-testid="data-export-start">
            {state.step === "done" ? t("export.again") : t("export.start")}
          </button>
        )}
      </div>
    </Section>
  );
}

function Progress({
  received,
  total,
  contents,
  language,
}: {
  received: number;
  total: number;
  contents: string;
  language: string;
}) {
  const { t } = useTranslation(ACCOUNT_DATA_TEXTS);
  const percent = Math.round(progressOf(received, total) * 100);
  const sizes = formatSizes(language, received, total);
  const text = t("export.progress", sizes);
  return (
    <div className="account-data__progress">
      <progress
        className="account-data__bar"
        max={100}
        value={percent}
        aria-label={t("export.progressLabel")}
        aria-valuenow={percent}
        aria-valuetext={text}
        data-testid="data-export-progress"
      />
      <p className="settings-hint" data-testid="data-export-bytes">
        {text}
        <span className="account-data__contents"> · {contents}</span>
      </p>
    </div>
  );
}
