// The toast stack: top-centre on phones, top-right elsewhere; announced politely (errors assertively). Its live
// region lives in ui/on-demand-hosts.tsx, which loads this module with the first toast.
import { useTranslation } from "react-i18next";
import { IconClose, IconError, IconInfo, IconSuccess, IconWarning } from "../ui/icons";
import { type Toast, toast as toasts } from "./toast.atoms";
import "./toast.css";

const ICONS = { info: IconInfo, success: IconSuccess, warning: IconWarning, error: IconError } as const;

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const Icon = ICONS[item.type];
  return (
    <div
      className={`toast toast--${item.type}`}
      role={item.type === "error" ? "alert" : "status"}
      data-testid="toast"
      data-type={item.type}
    >
      <Icon size={20} className="toast__icon" />
      <div className="toast__body">
        {item.title ? <div className="toast__title">{item.title}</div> : null}
        <div className="toast__message">{item.message}</div>
      </div>
      {item.action ? (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            item.action?.onClick();
            toasts.dismiss(item.id);
          }}
        >
          {item.action.label}
        </button>
      ) : null}
      {item.closable ? (
        <button
          type="button"
          className="icon-btn toast__close"
          aria-label={t("common.close")}
          onClick={() => toasts.dismiss(item.id)}
        >
          <IconClose size={16} />
        </button>
      ) : null}
    </div>
  );
}

/** The toasts themselves, inside the live region (ToasterOnDemand in ui/on-demand-hosts.tsx keeps that region). */
export function ToastItems({ items }: { items: readonly Toast[] }) {
  return items.map((item) => <ToastItem key={item.id} item={item} />);
}
