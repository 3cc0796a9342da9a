// Everything of attachments and image mode that loads on first use, behind one dynamic import: one request and one
// preload list for the chat screen's code to carry, instead of one per piece.
import { loadMediaTexts } from "../images/media-i18n";

export { UploadMenu } from "./upload-menu";
export { DrivePicker } from "./drive-picker";
export { AttachmentTray } from "./attachment-tray";
export { MessageAttachments } from "./message-attachments";
export { addFiles } from "./add-files";
export { pastedFiles } from "./paste";
export { ImageModeChip } from "../images/image-mode-chip";

/** The media texts, loading from the moment this code does: wait for it before rendering. */
export const textsReady = loadMediaTexts();
