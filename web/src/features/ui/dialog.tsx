// A modal dialog on the native <dialog> element: the browser gives focus trapping, Escape, the backdrop and
// aria-modal semantics; this wrapper makes it controlled by React state and labels it for assistive technology.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { IconClose } from "./icons";
import "./ui.css";

export interface DialogProps {
  open: boolean;
  /** Called for Escape, the × button and a backdrop click (unless `dismissible` is false). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  testId?: string;
  /** alertdialog for confirmations and forced notices. */
  role?: "dialog" | "alertdialog";
  dismissible?: boolean;
  size?: "sm" | "md";
  icon?: ReactNode;
}

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  testId,
  role = "dialog",
  dismissible = true,
  size = "sm",
  icon,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      if (typeof el.showModal === "function") el.showModal();
      else el.setAttribute("open", "");
    } else if (!open && el.open) {
      if (typeof el.close === "function") el.close();
      else el.removeAttribute("open");
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; the keyboard's way is Escape (onCancel)
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault(); // React state decides when it closes
        if (dismissible) onClose();
      }}
      onClick={(e) => {
        if (dismissible && e.target === e.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="dialog__panel">
          <div className="dialog__header">
            {icon ? <div className="dialog__icon">{icon}</div> : null}
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {dismissible ? (
              <button type="button" className="icon-btn dialog__close" onClick={onClose} aria-label={t("common.close")}>
                <IconClose size={18} />
              </button>
            ) : null}
          </div>
          {description ? (
            <div id={descId} className="dialog__description">
              {description}
            </div>
          ) : null}
          {children}
          {footer ? <div className="dialog__footer">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
