// The "+" menu by the input: create image (image mode for the next send), files from the computer, images, and the
// premium-only sources (cloud drives, picked in drive-picker.tsx, and a screenshot), which free users see locked with a
// way to upgrade. Picked files go through addFiles (model support, accepted extensions, the upload limits,
// compression).
import { useQuery } from "@tanstack/react-query";
import { useAtom, useSetAtom } from "jotai";
import { useRouter } from "@tanstack/react-router";
import { type RefObject, useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { modelsQuery } from "../models/models.queries";
import { useCurrentModel } from "../models/use-current-model";
import { toast } from "../toast/toast.atoms";
import { Svg } from "../ui/icons";
import { IconLock } from "../ui/more-icons";
import { moveFocus, useDismiss } from "../ui/signed-in/use-dismiss";
import { IconImage } from "../images/signed-in/media-icons";
import { imageModeAtom } from "../images/signed-in/image-mode.atoms";
import { MEDIA_NS } from "../images/media-i18n";
import { acceptAttribute, acceptedExtensions, canAttach } from "./accepted-types";
import { addFiles } from "./add-files";
import { drivePickerAtom } from "./signed-in/attachments.atoms";
import { captureScreenshot } from "./screenshot";
import "./attachments.css";

const IconPaperclip = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
  </Svg>
);

type PremiumSource = "googleDrive" | "oneDrive" | "screenshot";
const PREMIUM_SOURCES: PremiumSource[] = ["googleDrive", "oneDrive", "screenshot"];

export function UploadMenu({
  onClose,
  trigger,
}: {
  onClose: () => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation(MEDIA_NS);
  const { t: tc } = useTranslation();
  const router = useRouter();
  const { model } = useCurrentModel();
  const [imageMode, setImageMode] = useAtom(imageModeAtom);
  const setDrivePicker = useSetAtom(drivePickerAtom);
  const plan = useQuery(modelsQuery()).data?.plan ?? "free";
  const premium = plan !== "free";
  const menuRef = useRef<HTMLDivElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const imagesRef = useRef<HTMLInputElement>(null);
  const refs = useRef([menuRef, trigger]).current;
  const close = useCallback(() => onClose(), [onClose]);
  useDismiss(true, close, refs, trigger);

  const extensions = acceptedExtensions(model);
  const attachable = canAttach(model);
  const pick = (input: HTMLInputElement | null) => {
    if (!attachable) {
      toast.error(t("attachments.errors.modelUnsupported", { model: model?.name ?? "" }), { key: "attach-error" });
      return;
    }
    input?.click();
  };
  const onChosen = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    input.value = "";
    close();
    void addFiles(files);
  };
  const openPremium = async (source: PremiumSource) => {
    if (!premium) return;
    close();
    if (source !== "screenshot") {
      if (!attachable) {
        toast.error(t("attachments.errors.modelUnsupported", { model: model?.name ?? "" }), { key: "attach-error" });
        return;
      }
      setDrivePicker(source);
      return;
    }
    const shot = await captureScreenshot();
    if (shot) void addFiles([shot]);
  };

  return (
    <div
      ref={menuRef}
      className="menu upload-menu"
      role="menu"
      aria-label={t("attachments.menuLabel")}
      data-testid="upload-menu"
      onKeyDown={(e) => moveFocus(menuRef.current, e)}
    >
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={imageMode}
        className="menu__item"
        data-testid="menu-create-image"
        onClick={() => {
          setImageMode(!imageMode);
          close();
          document.getElementById("chat-input")?.focus();
        }}
      >
        <IconImage size={18} />
        {tc("images.create")}
      </button>
      <div className="menu__separator" role="separator" />
      <button
        type="button"
        role="menuitem"
        className="menu__item"
        data-testid="upload-computer"
        onClick={() => pick(filesRef.current)}
      >
        <IconPaperclip size={18} />
        {t("attachments.fromComputer")}
      </button>
      <button
        type="button"
        role="menuitem"
        className="menu__item"
        data-testid="upload-images"
        onClick={() => pick(imagesRef.current)}
      >
        <IconImage size={18} />
        {t("attachments.images")}
      </button>
      <div className="menu__separator" role="separator" />
      {PREMIUM_SOURCES.map((source) => (
        <button
          key={source}
          type="button"
          role="menuitem"
          className={`menu__item${premium ? "" : " is-locked"}`}
          aria-disabled={!premium}
          data-testid={`upload-${source}`}
          data-locked={premium ? "false" : "true"}
          onClick={() => void openPremium(source)}
        >
          <span className="upload-menu__label">{t(`attachments.sources.${source}`)}</span>
          {premium ? null : (
            <span className="badge badge--premium">
              <IconLock size={12} />
              {t("attachments.premium")}
            </span>
          )}
        </button>
      ))}
      {premium ? null : (
        <button
          type="button"
          role="menuitem"
          className="menu__item upload-menu__upgrade"
          data-testid="upload-upgrade"
          onClick={() => {
            close();
            router.history.push("/upgrade");
          }}
        >
          {t("attachments.upgradeForSources")}
        </button>
      )}
      <input
        ref={filesRef}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        accept={acceptAttribute(extensions)}
        onChange={(e) => onChosen(e.currentTarget)}
      />
      <input
        ref={imagesRef}
        type="file"
        multiple
        hidden
        data-testid="image-input"
        accept={acceptAttribute(extensions, true) || "image/*"}
        onChange={(e) => onChosen(e.currentTarget)}
      />
    </div>
  );
}
