// The model picker in the header: every catalogue entry with its description and today's uses; premium models are
// shown locked to free users (picking one opens /upgrade), and used-up or disabled ones cannot be picked.
import { useNavigate } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../toast/toast.atoms";
import { IconCheck, IconChevronDown, IconLock } from "../ui/icons";
import { moveFocus, useDismiss } from "../ui/use-dismiss";
import { isUsable } from "./availability";
import { selectedModelAtom } from "./models.atoms";
import { useCurrentModel } from "./use-current-model";
import "./models.css";

export function ModelSwitcher() {
  const { t } = useTranslation();
  const { model, data, disabled, query } = useCurrentModel();
  const setSelected = useSetAtom(selectedModelAtom);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const refs = useRef([triggerRef, menuRef]).current;
  useDismiss(open, close, refs, triggerRef);

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
        onClick={() => {
          setOpen((o) => !o);
          requestAnimationFrame(() => menuRef.current?.querySelector<HTMLElement>("[aria-checked='true'], [role^='menuitem']:not([disabled])")?.focus());
        }}
      >
        <span className="model-switcher__name">{model?.name ?? (query.isLoading ? t("models.loading") : t("models.none"))}</span>
        {model?.offline ? <span className="badge badge--muted">{t("models.offlineBadge")}</span> : null}
        <IconChevronDown size={16} />
      </button>
      {open && data ? (
        <div
          ref={menuRef}
          className="menu model-switcher__menu"
          role="menu"
          aria-label={t("models.choose")}
          onKeyDown={(e) => moveFocus(menuRef.current, e)}
          data-testid="model-menu"
        >
          <div className="menu__heading">{t("models.choose")}</div>
          {data.models.map((m) => {
            const locked = !m.allowed;
            const usable = isUsable(m, disabled);
            const active = m.endpoint === model?.endpoint;
            return (
              <button
                key={m.endpoint}
                type="button"
                role="menuitemradio"
                aria-checked={active}
                aria-disabled={!usable && !locked}
                className={`model-option${active ? " is-active" : ""}${usable ? "" : " is-disabled"}`}
                data-testid="model-option"
                data-endpoint={m.endpoint}
                data-locked={locked ? "true" : "false"}
                onClick={() => {
                  if (locked) {
                    // a premium model is an upgrade away: show the plans that unlock it
                    close();
                    void navigate({ to: "/upgrade" });
                    return;
                  }
                  if (!usable) {
                    toast.warning(t("models.exhausted", { model: m.name }), { key: "model-locked" });
                    return;
                  }
                  setSelected(m.endpoint);
                  close();
                  triggerRef.current?.focus();
                }}
              >
                <span className="model-option__main">
                  <span className="model-option__name">
                    {m.name}
                    {m.premiumRequired ? <span className="badge badge--premium">{t("models.premium")}</span> : null}
                  </span>
                  <span className="model-option__desc">
                    {premium
                      ? t(`modelInfo.${m.id}.premium`, { defaultValue: m.descriptions.premium })
                      : t(`modelInfo.${m.id}.free`, { defaultValue: m.descriptions.free })}
                  </span>
                  {!locked ? (
                    <span className="model-option__usage">
                      {m.external ? t("models.ownKey") : usable ? t("models.usesLeft", { remaining: m.remaining, total: m.total }) : t("models.usedUp")}
                    </span>
                  ) : null}
                </span>
                <span className="model-option__state" aria-hidden="true">
                  {locked ? <IconLock size={16} /> : active ? <IconCheck size={18} /> : null}
                </span>
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
