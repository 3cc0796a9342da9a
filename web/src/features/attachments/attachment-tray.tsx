// The files attached to the next question, above the input: a chip per file with its thumbnail (images) or type,
// name and size, a progress bar while it is compressed or uploaded, and a remove button.
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { IconClose } from "../ui/icons";
import { MEDIA_NS } from "../images/media-i18n";
import { extensionOf } from "./accepted-types";
import { removeFile } from "./add-files";
import { type PendingFile, attachmentsAtom } from "./signed-in/attachments.atoms";
import { formatSize } from "./format-size";
import "./attachments.css";

function Chip({ item }: { item: PendingFile }) {
  const { t } = useTranslation(MEDIA_NS);
  const busy = item.status === "compressing" || item.status === "uploading";
  const stepLabel = item.status === "compressing" ? t("attachments.compressing") : t("attachments.uploading");
  return (
    <li
      className="file-chip"
      data-testid="attachment-chip"
      data-status={item.status}
      data-name={item.file.name}
      data-size={item.file.size}
      data-original-size={item.originalSize}
    >
      {item.previewUrl ? (
        <img className="file-chip__thumb" src={item.previewUrl} alt="" />
      ) : (
        <span className="file-chip__ext" aria-hidden="true">
          {extensionOf(item.file.name).slice(0, 4) || "file"}
        </span>
      )}
      <span className="file-chip__text">
        <span className="file-chip__name" title={item.file.name}>
          {item.file.name}
        </span>
        <span className="file-chip__size">
          {busy ? stepLabel : formatSize(item.file.size)}
          {item.compressed && item.status !== "compressing" && item.file.size < item.originalSize
            ? ` · ${t("attachments.compressedFrom", { size: formatSize(item.originalSize) })}`
            : ""}
        </span>
        {busy ? (
          <span
            className="file-chip__progress"
            role="progressbar"
            aria-label={`${stepLabel} ${item.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.progress}
            data-testid={item.status === "compressing" ? "compression-progress" : "upload-progress"}
          >
            <span style={{ width: `${item.progress}%` }} />
          </span>
        ) : null}
      </span>
      <button
        type="button"
        className="icon-btn icon-btn--xs"
        aria-label={t("attachments.remove", { name: item.file.name })}
        data-testid="attachment-remove"
        disabled={item.status === "uploading"}
        onClick={() => removeFile(item.key)}
      >
        <IconClose size={14} />
      </button>
    </li>
  );
}

export function AttachmentTray() {
  const { t } = useTranslation(MEDIA_NS);
  const files = useAtomValue(attachmentsAtom);
  if (files.length === 0) return null;
  return (
    <ul
      className="file-tray"
      aria-label={t("attachments.attached", { count: files.length })}
      data-testid="attachment-tray"
    >
      {files.map((f) => (
        <Chip key={f.key} item={f} />
      ))}
    </ul>
  );
}
