// Shown by the input while image mode is on: the next send draws a picture. Its × turns image mode off.
import { useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { IconClose } from "../ui/icons";
import { imageModeAtom } from "./signed-in/image-mode.atoms";
import { MEDIA_NS } from "./media-i18n";
import { IconImage } from "./signed-in/media-icons";
import "./image-mode-chip.css";

export function ImageModeChip() {
  const { t } = useTranslation(MEDIA_NS);
  const setImageMode = useSetAtom(imageModeAtom);
  return (
    <span className="image-mode-chip" data-testid="image-mode-chip" role="status">
      <IconImage size={16} />
      <span className="image-mode-chip__text">{t("images.modeOn")}</span>
      <button
        type="button"
        className="icon-btn icon-btn--xs"
        aria-label={t("images.modeOff")}
        data-testid="image-mode-off"
        onClick={() => {
          setImageMode(false);
          document.getElementById("chat-input")?.focus();
        }}
      >
        <IconClose size={12} />
      </button>
    </span>
  );
}
