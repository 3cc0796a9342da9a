// The files a question carried, shown with it (also after a reload, from the saved message's attachments): images as
// thumbnails from their owner-only URL, other files as a chip with name and size that opens the file.
import { useTranslation } from "react-i18next";
import type { AttachmentRef } from "../../../../worker/protocol/resources";
import { MEDIA_NS } from "../images/media-i18n";
import { extensionOf } from "./accepted-types";
import { formatSize } from "./format-size";
import "./attachments.css";

export function MessageAttachments({ files }: { files: AttachmentRef[] }) {
  const { t } = useTranslation(MEDIA_NS);
  return (
    <ul
      className="msg-files"
      aria-label={t("attachments.attached", { count: files.length })}
      data-testid="message-attachments"
    >
      {files.map((f) => (
        <li key={f.id} data-testid="message-attachment" data-name={f.name} data-group={f.group}>
          {f.group === "image" ? (
            <a href={f.url} target="_blank" rel="noreferrer" className="msg-files__image">
              <img src={f.url} alt={f.name} loading="lazy" decoding="async" />
            </a>
          ) : (
            <a href={f.url} className="file-chip file-chip--link" download={f.name}>
              <span className="file-chip__ext" aria-hidden="true">
                {extensionOf(f.name).slice(0, 4) || "file"}
              </span>
              <span className="file-chip__text">
                <span className="file-chip__name">{f.name}</span>
                <span className="file-chip__size">{formatSize(f.size)}</span>
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
