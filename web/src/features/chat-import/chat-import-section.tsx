// Settings > Security > Import from ChatGPT: how to get the export (ChatGPT's Data controls → Export data), a file
// picker for its zip or conversations.json (a file over the 20 MB an import takes is refused here, before anything is
// sent), a progress bar through the upload and the conversations written, Cancel, and the summary: how many chats came
// in, which conversations were skipped and why, and a way to the history. Its texts are the chat-import namespace,
// which loads with it.
import { Link } from "@tanstack/react-router";
import { Suspense, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { Section } from "../settings/section";
import { toast } from "../toast/toast.atoms";
import { type ImportSummary, MAX_IMPORT_BYTES, type SkipReason } from "./chat-import.api";
import { CHAT_IMPORT_TEXTS } from "./chat-import-texts";
import { type ImportProgress, percentOf, useChatImport } from "./use-chat-import";

const KIB = 1024;
const MIB = 1024 * KIB;
/** Skipped conversations listed at most; a long export re-imported would otherwise list thousands. */
export const SKIPPED_SHOWN = 100;

/** "4.2 MB" or "512 kB" in the user's language, counted as the 20 MB limit is (1 MB = 1,024 × 1,024 bytes); `unitOf`
 * picks the unit, so "1.2 MB of 12.0 MB" share theirs. */
export function formatFileSize(language: string, bytes: number, unitOf = bytes): string {
  const mega = unitOf >= MIB;
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: mega ? "megabyte" : "kilobyte",
    minimumFractionDigits: mega ? 1 : 0,
    maximumFractionDigits: mega ? 1 : 0,
  }).format(bytes / (mega ? MIB : KIB));
}

/** The sentence for a failed import: a file the worker refused says what to upload instead. */
function importError(t: ReturnType<typeof useTranslation>["t"], err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === "invalid_input" || err.code === "unsupported_media_type") return t("import.notAnExport");
    if (err.code === "payload_too_large") return t("import.tooBig");
    if (err.code === "stream_interrupted") return t("import.interrupted");
  }
  return errorMessage(t, err);
}

/** The section, shown once its texts are in (the rest of the tab does not wait for them). */
export function ChatImportSection() {
  return (
    <Suspense fallback={null}>
      <ChatImport />
    </Suspense>
  );
}

function ChatImport() {
  const { t, i18n } = useTranslation(CHAT_IMPORT_TEXTS);
  const inputRef = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const [file, setFile] = useState<File | null>(null);
  const { progress, summary, running, start, cancel, reset } = useChatImport({
    onError: (err) => toast.error(importError(t, err)),
    onCancelled: () => toast.info(t("import.cancelled")),
  });
  const tooLarge = file !== null && file.size > MAX_IMPORT_BYTES;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    reset();
    setFile(chosen);
  };

  return (
    <Section title={t("import.title")} description={t("import.description")} testId="chatgpt-import">
      <div className="settings-row chat-import__file">
        <input
          ref={inputRef}
          type="file"
          accept=".zip,.json,application/zip,application/json"
          className="visually-hidden"
          aria-label={t("import.fileLabel")}
          aria-describedby={nameId}
          disabled={running}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            // the same file can be chosen again (importing twice adds nothing, and says so)
            e.target.value = "";
          }}
          data-testid="chatgpt-import-file"
        />
        <button
          type="button"
          className="btn btn--ghost"
          disabled={running}
          onClick={() => inputRef.current?.click()}
          data-testid="chatgpt-import-choose"
        >
          {t("import.choose")}
        </button>
        <span id={nameId} className="settings-hint chat-import__name" data-testid="chatgpt-import-name">
          {file ? `${file.name} (${formatFileSize(i18n.language, file.size)})` : t("import.noFile")}
        </span>
        {running ? (
          <button type="button" className="btn btn--ghost" onClick={cancel} data-testid="chatgpt-import-cancel">
            {t("import.cancel")}
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            disabled={!file || tooLarge}
            onClick={() => file && !tooLarge && start(file)}
            data-testid="chatgpt-import-start"
          >
            {t("import.start")}
          </button>
        )}
      </div>
      {file && tooLarge ? (
        <p className="settings-hint settings-hint--error" role="alert" data-testid="chatgpt-import-too-large">
          {t("import.tooLarge", { size: formatFileSize(i18n.language, file.size) })}
        </p>
      ) : null}
      {progress ? <Progress progress={progress} /> : null}
      {summary && !running ? <Summary summary={summary} /> : null}
    </Section>
  );
}

function Progress({ progress }: { progress: ImportProgress }) {
  const { t, i18n } = useTranslation(CHAT_IMPORT_TEXTS);
  const percent = percentOf(progress);
  const text =
    progress.step === "uploading"
      ? t("import.uploading", {
          sent: formatFileSize(i18n.language, progress.sent, progress.size),
          size: formatFileSize(i18n.language, progress.size),
        })
      : progress.step === "reading"
        ? t("import.reading")
        : t("import.writing", { done: progress.done, count: progress.total });
  return (
    <div className="account-data__progress">
      <progress
        className="account-data__bar"
        max={100}
        value={percent}
        aria-label={t("import.progressLabel")}
        aria-valuenow={percent}
        aria-valuetext={text}
        data-step={progress.step}
        data-testid="chatgpt-import-progress"
      />
      {/* not a live region: read out at every conversation it would drown the rest; the summary is one */}
      <p className="settings-hint" data-testid="chatgpt-import-status">
        {text}
      </p>
    </div>
  );
}

/** The order skipped conversations are listed in: failures first (the ones worth a look), the already imported last
 * (a whole export imported again skips every one of them). */
const REASON_ORDER: readonly SkipReason[] = [
  "failed",
  "other",
  "not_a_conversation",
  "no_messages",
  "already_imported",
];

function Summary({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation(CHAT_IMPORT_TEXTS);
  const skipped = [...summary.skipped].sort((a, b) => REASON_ORDER.indexOf(a.reason) - REASON_ORDER.indexOf(b.reason));
  const shown = skipped.slice(0, SKIPPED_SHOWN);
  return (
    <div className="chat-import__summary" data-testid="chatgpt-import-summary" data-imported={summary.imported}>
      <p className="chat-import__count" role="status">
        <strong data-testid="chatgpt-import-imported">{t("import.imported", { count: summary.imported })}</strong>
      </p>
      {skipped.length ? (
        <>
          <p className="settings-hint">{t("import.skipped", { count: skipped.length })}</p>
          <ul className="chat-import__skipped" data-testid="chatgpt-import-skipped">
            {shown.map((s, i) => (
              // titles repeat (and may be empty): the position is the key of a list that never changes once shown
              <li key={i} data-reason={s.reason}>
                <span className="chat-import__title">{s.title.trim() || t("import.untitled")}</span>
                {" — "}
                <span className="chat-import__reason">{t(`import.reasons.${s.reason}`)}</span>
              </li>
            ))}
            {skipped.length > shown.length ? (
              <li className="chat-import__more">{t("import.more", { count: skipped.length - shown.length })}</li>
            ) : null}
          </ul>
        </>
      ) : null}
      <div>
        <Link to="/" className="btn btn--sm" data-testid="chatgpt-import-see-chats">
          {t("import.seeChats")}
        </Link>
      </div>
    </div>
  );
}
