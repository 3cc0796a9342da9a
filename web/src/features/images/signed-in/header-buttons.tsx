// The header's image buttons, with tooltips (off on mobile, like every tooltip): the image gallery, and
// create image, which turns image mode on for the next send and takes the user to the input box.
import { useRouter } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { imageModeAtom } from "./image-mode.atoms";
import { IconGallery, IconImage } from "./media-icons";

export function ImageHeaderButtons() {
  const { t } = useTranslation();
  const setImageMode = useSetAtom(imageModeAtom);
  const router = useRouter();
  const go = (to: "/" | "/gallery") => router.navigate({ to });
  const tip = (key: string) => ({
    "aria-label": t(key),
    "data-tooltip": t(key),
    "data-tooltip-side": "left",
    className: "icon-btn",
  });
  return (
    <>
      <button type="button" data-testid="header-gallery" {...tip("images.gallery")} onClick={() => void go("/gallery")}>
        <IconGallery />
      </button>
      <button
        type="button"
        data-testid="header-create-image"
        {...tip("images.create")}
        onClick={async () => {
          setImageMode(true);
          if (router.state.location.pathname === "/gallery") await go("/");
          requestAnimationFrame(() => document.getElementById("chat-input")?.focus());
        }}
      >
        <IconImage />
      </button>
    </>
  );
}
