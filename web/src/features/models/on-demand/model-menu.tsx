// The model switcher's list (model-switcher.tsx), loaded on first use: every catalogue entry with its description and
// today's uses; premium models locked for free users (picking one opens /upgrade), used-up or disabled ones refused.
import { useNavigate } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { type RefObject, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ModelsResponse } from "../models.schemas";
import { toast } from "../../toast/toast.atoms";
import { IconCheck } from "../../ui/icons";
import { IconLock } from "../../ui/more-icons";
import { moveFocus } from "../../ui/signed-in/use-dismiss";
import { isUsable } from "../availability";
import { selectedModelAtom } from "../models.atoms";
import { MODEL_INFO_NS } from "./model-info-i18n";

interface ModelMenuProps {
  menuRef: RefObject<HTMLDivElement | null>;
  triggerRef: RefObject<HTMLButtonElement | null>;
  data: ModelsResponse;
  model: ModelsResponse["models"][number] | null;
  disabled: readonly string[];
  premium: boolean;
  close: () => void;
}

export function ModelMenu({ menuRef, triggerRef, data, model, disabled, premium, close }: ModelMenuProps) {
  const { t } = useTranslation();
  // Suspends the menu until the descriptions are loaded (with the menu's own code, on its first opening).
  const { t: tInfo } = useTranslation(MODEL_INFO_NS);
  const navigate = useNavigate();
  const setSelected = useSetAtom(selectedModelAtom);
  // focus the current model (or the first usable one) when the list opens, for the keyboard
  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>("[aria-checked='true'], [role^='menuitem']:not([disabled])")?.focus();
  }, [menuRef]);
  return (
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
                {/* every external model (ext-<provider>) shares one description: the user's own key */}
                {tInfo(`${m.external ? "external" : m.id}.${premium ? "premium" : "free"}`, {
                  defaultValue: premium ? m.descriptions.premium : m.descriptions.free,
                })}
              </span>
              {!locked ? (
                <span className="model-option__usage">
                  {m.external
                    ? t("models.ownKey")
                    : usable
                      ? t("models.usesLeft", { remaining: m.remaining, total: m.total })
                      : t("models.usedUp")}
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
  );
}
