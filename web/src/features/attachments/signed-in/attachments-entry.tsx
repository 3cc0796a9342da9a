// The always-loaded pieces of attachments and image mode, kept small because they are part of the chat screen's first
// load: the "+" button by the input (its menu, the upload sources and create image, loads on first use), the paste
// hook, and lazy doors to the image-mode chip, the tray of attached files and the files shown on a question.
import { useAtomValue } from "jotai";
import { type ClipboardEvent, lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AttachmentRef } from "../../../../../worker/protocol/resources";
import { imageModeAtom } from "../../images/signed-in/image-mode.atoms";
import { IconPlus } from "../../ui/icons";
import { attachmentsAtom, drivePickerAtom } from "./attachments.atoms";
import "./composer-tools.css";

/** The on-demand part, with the media texts; loaded once, by whichever piece needs it first. */
export const loadMedia = () => import("../on-demand").then((m) => m.textsReady.then(() => m));
const UploadMenu = lazy(() => loadMedia().then((m) => ({ default: m.UploadMenu })));
const DrivePicker = lazy(() => loadMedia().then((m) => ({ default: m.DrivePicker })));
const ImageChip = lazy(() => loadMedia().then((m) => ({ default: m.ImageModeChip })));
const Tray = lazy(() => loadMedia().then((m) => ({ default: m.AttachmentTray })));
const Files = lazy(() => loadMedia().then((m) => ({ default: m.MessageAttachments })));

/** A paste of images, or of text this long or longer, becomes files (4,000 characters; see paste.ts). */
export function onComposerPaste(e: ClipboardEvent<HTMLTextAreaElement>) {
  // The clipboard can only be read during the event: take its files and text now, make files once the code loads.
  const images = [...e.clipboardData.files].filter((f) => f.type.startsWith("image/"));
  const text = e.clipboardData.getData("text/plain");
  if (images.length === 0 && text.length < 4_000) return;
  e.preventDefault();
  void loadMedia().then((m) => m.addFiles(m.pastedFiles(images, text)));
}

export function ComposerTools() {
  const { t } = useTranslation();
  const imageMode = useAtomValue(imageModeAtom);
  const drivePicker = useAtomValue(drivePickerAtom);
  const [menu, setMenu] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const label = t("images.attach");
  return (
    <div className="composer__tools">
      <button
        ref={trigger}
        type="button"
        className="icon-btn icon-btn--sm"
        data-testid="attach-button"
        aria-label={label}
        data-tooltip={label}
        aria-haspopup="menu"
        aria-expanded={menu}
        onClick={() => setMenu(!menu)}
      >
        <IconPlus size={18} />
      </button>
      <Suspense>
        {menu ? <UploadMenu onClose={() => setMenu(false)} trigger={trigger} /> : null}
        {imageMode ? <ImageChip /> : null}
        {drivePicker ? <DrivePicker /> : null}
      </Suspense>
    </div>
  );
}

/** The files attached to the next question, above the input (nothing to load while there are none). */
export function AttachmentTray() {
  return useAtomValue(attachmentsAtom).length > 0 ? (
    <Suspense>
      <Tray />
    </Suspense>
  ) : null;
}

export function MessageAttachments({ files }: { files: AttachmentRef[] }) {
  return (
    <Suspense>
      <Files files={files} />
    </Suspense>
  );
}
