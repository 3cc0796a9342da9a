// The small menu of models to regenerate an answer with: the models the user can use today, the answer's own marked.
// Arrow keys move between them, Escape or a press outside closes it (focus goes back to its trigger).
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { isUsable } from "../../models/availability";
import { disabledModelsAtom } from "../../models/models.atoms";
import { modelsQuery } from "../../models/models.queries";
import { moveFocus, useDismiss } from "../../ui/signed-in/use-dismiss";

export function RegenerateMenu({
  current,
  onPick,
  onClose,
}: {
  current: string | null;
  onPick: (endpoint: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const catalogue = useQuery(modelsQuery());
  const disabled = useAtomValue(disabledModelsAtom);
  const models = (catalogue.data?.models ?? []).filter((m) => isUsable(m, disabled));
  const menuRef = useRef<HTMLDivElement>(null);
  // the trigger is the button just before the menu: pressing it toggles, and Escape returns focus to it
  const triggerRef = useRef<HTMLElement | null>(null);
  const refs = useMemo(() => [menuRef, triggerRef], []);
  const close = useCallback(() => onClose(), [onClose]);
  useDismiss(true, close, refs, triggerRef);
  useEffect(() => {
    triggerRef.current =
      menuRef.current?.previousElementSibling instanceof HTMLElement ? menuRef.current.previousElementSibling : null;
    menuRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
  }, []);
  return (
    <div
      ref={menuRef}
      className="menu msg__model-menu"
      role="menu"
      aria-label={t("conversation.regenerateWith")}
      onKeyDown={(e) => moveFocus(menuRef.current, e)}
    >
      {models.map((m) => (
        <button
          key={m.endpoint}
          type="button"
          role="menuitem"
          className={`menu__item${m.endpoint === current ? " is-active" : ""}`}
          data-testid="regenerate-model"
          data-endpoint={m.endpoint}
          onClick={() => onPick(m.endpoint)}
        >
          {m.name}
        </button>
      ))}
    </div>
  );
}
