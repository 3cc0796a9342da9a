// The model picker in the header: every catalogue entry with its description and today's uses; premium models are
// shown locked to free users (picking one opens /upgrade), and used-up or disabled ones cannot be picked. A model that
// runs out is switched away from here too (use-settle-model.ts), and the banner names the one that took its place.
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { IconChevronDown } from "../ui/icons";
import { usePopover } from "../ui/signed-in/use-dismiss";
import { useCurrentModel } from "./use-current-model";
import { useSettleModel } from "./use-settle-model";
import "./models.css";

/** The list loads on the first hover, focus or press of the trigger: the chat screen's first load stays smaller. */
const loadMenu = () => import("./on-demand/model-menu");
const ModelMenu = lazy(() => loadMenu().then((m) => ({ default: m.ModelMenu })));

export function ModelSwitcher() {
  const { t } = useTranslation();
  const { model, data, disabled, query } = useCurrentModel();
  // the header is on every signed-in screen: a model that ran out is left here, with a word, not silently
  useSettleModel();
  const { open, setOpen, close, triggerRef, menuRef } = usePopover();

  const premium = data ? data.plan !== "free" : false;

  return (
    <div className="model-switcher">
      <button
        ref={triggerRef}
        type="button"
        className="model-switcher__trigger"
        data-testid="model-switcher"
        data-model={model?.endpoint ?? ""}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={query.isLoading}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        <span className="model-switcher__name">
          {model?.name ?? (query.isLoading ? t("models.loading") : t("models.none"))}
        </span>
        {model?.offline ? (
          <span className="badge badge--muted model-switcher__offline">{t("models.offlineBadge")}</span>
        ) : null}
        <IconChevronDown size={16} />
      </button>
      {open && data ? (
        <Suspense>
          <ModelMenu
            menuRef={menuRef}
            data={data}
            model={model}
            disabled={disabled}
            premium={premium}
            close={close}
            triggerRef={triggerRef}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
