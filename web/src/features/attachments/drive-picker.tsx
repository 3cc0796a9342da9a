// The cloud drive picker, opened from the upload menu's premium sources: the newest files of the connected drive (or
// those whose name matches the search), more as the user asks, and a click that attaches the file like one from the
// computer (addFiles: the model's file kinds, the size limits, compression, upload). A drive that is not
// connected yet sends the user to Settings › Connected apps. A project's files are picked with the same dialog
// (DrivePickerDialog), which hands the file to the project's own upload.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtom } from "jotai";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DriveAppId, DriveFile } from "../../../../worker/protocol/drives";
import { errorMessage } from "../../lib/error-message";
import { useDebounced } from "../history/on-demand/use-debounced";
import { MEDIA_NS } from "../images/media-i18n";
import { toast } from "../toast/toast.atoms";
import { Dialog } from "../ui/dialog";
import { addFiles } from "./add-files";
import { drivePickerAtom, type DriveSource } from "./signed-in/attachments.atoms";
import { downloadDriveFile, driveAppFor, driveFilesQuery } from "./drive.api";
import { formatSize } from "./format-size";

/** Typing waits this long before searching the drive, in milliseconds. */
const SEARCH_DEBOUNCE_MS = 300;

export function DrivePicker() {
  const [source, setSource] = useAtom(drivePickerAtom);
  if (!source) return null;
  return <DrivePickerDialog source={source} onClose={() => setSource(null)} onFile={(file) => addFiles([file])} />;
}

/** The picker of one drive: `onFile` takes the file picked, read as a File (after the dialog has closed). */
export function DrivePickerDialog({
  source,
  onClose: close,
  onFile,
}: {
  source: DriveSource;
  onClose: () => void;
  onFile: (file: File) => Promise<unknown>;
}) {
  const { t } = useTranslation(MEDIA_NS);
  const qc = useQueryClient();
  const app = useQuery({
    queryKey: ["drive-app", source],
    queryFn: () => driveAppFor(qc, source),
    staleTime: 0,
  });
  const name = t(`attachments.sources.${source}`);
  return (
    <Dialog open onClose={close} title={t("attachments.drive.title", { drive: name })} size="md" testId="drive-picker">
      {app.isPending ? (
        <p className="drive-picker__state" role="status">
          {t("attachments.drive.loading")}
        </p>
      ) : app.data ? (
        <DriveFiles app={app.data} onPicked={close} onFile={onFile} />
      ) : (
        <NotConnected drive={name} onClose={close} />
      )}
    </Dialog>
  );
}

function NotConnected({ drive, onClose }: { drive: string; onClose: () => void }) {
  const { t } = useTranslation(MEDIA_NS);
  const router = useRouter();
  return (
    <div className="drive-picker__state" data-testid="drive-not-connected">
      <p>{t("attachments.drive.notConnected", { drive })}</p>
      <button
        type="button"
        className="btn btn--primary"
        data-testid="drive-connect"
        onClick={() => {
          onClose();
          router.history.push("/settings?tab=apps");
        }}
      >
        {t("attachments.drive.openSettings")}
      </button>
    </div>
  );
}

function DriveFiles({
  app,
  onPicked,
  onFile,
}: {
  app: DriveAppId;
  onPicked: () => void;
  onFile: (file: File) => Promise<unknown>;
}) {
  const { t } = useTranslation(MEDIA_NS);
  const { t: tc } = useTranslation();
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const files = useInfiniteQuery(driveFilesQuery(app, q));
  const [busy, setBusy] = useState<string | null>(null);
  const list = files.data?.pages.flatMap((p) => p.files) ?? [];

  const pick = async (file: DriveFile) => {
    setBusy(file.id);
    try {
      const picked = await downloadDriveFile(app, file);
      onPicked();
      await onFile(picked);
    } catch (err) {
      toast.error(errorMessage(tc, err), { key: "drive-error" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="drive-picker">
      <input
        className="input"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("attachments.drive.search")}
        aria-label={t("attachments.drive.search")}
        data-testid="drive-search"
        maxLength={200}
      />
      {files.isError ? (
        <p className="drive-picker__state" role="alert" data-testid="drive-error">
          {errorMessage(tc, files.error)}
        </p>
      ) : files.isPending ? (
        <p className="drive-picker__state" role="status">
          {t("attachments.drive.loading")}
        </p>
      ) : list.length === 0 ? (
        <p className="drive-picker__state" data-testid="drive-empty">
          {q ? t("attachments.drive.noMatch", { query: q }) : t("attachments.drive.empty")}
        </p>
      ) : (
        <ul className="drive-picker__list" aria-label={t("attachments.drive.files")}>
          {list.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                className="drive-picker__file"
                data-testid="drive-file"
                data-file-id={f.id}
                disabled={busy !== null}
                aria-busy={busy === f.id}
                onClick={() => void pick(f)}
              >
                <span className="drive-picker__name">{f.name}</span>
                <span className="drive-picker__meta">
                  {busy === f.id
                    ? t("attachments.drive.adding")
                    : [f.size === null ? null : formatSize(f.size), f.modified_at?.slice(0, 10)]
                        .filter(Boolean)
                        .join(" · ")}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.hasNextPage ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          data-testid="drive-more"
          disabled={files.isFetchingNextPage}
          onClick={() => void files.fetchNextPage()}
        >
          {t("attachments.drive.more")}
        </button>
      ) : null}
    </div>
  );
}
