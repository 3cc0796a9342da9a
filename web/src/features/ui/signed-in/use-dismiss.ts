// Closes a popover on Escape or a pointer press outside it, and returns focus to its trigger on Escape.
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

export function useDismiss(
  open: boolean,
  onClose: () => void,
  refs: RefObject<HTMLElement | null>[],
  restoreFocus?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (refs.some((r) => r.current?.contains(target))) return;
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      onClose();
      restoreFocus?.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, onClose, refs, restoreFocus]);
}

/**
 * A button and the menu it opens: whether it is open, the two elements' refs, and the menu closed on Escape (focus
 * back on the button) or on a press outside both.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const refs = useRef([triggerRef, menuRef]).current;
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, refs, triggerRef);
  return { open, setOpen, close, triggerRef, menuRef };
}

/** Arrow-key movement between the enabled items of a menu. */
export function moveFocus(
  container: HTMLElement | null,
  e: ReactKeyboardEvent,
  selector = "[role^='menuitem']:not([disabled])",
) {
  if (!container) return;
  const items = Array.from(container.querySelectorAll<HTMLElement>(selector));
  if (!items.length) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next = -1;
  if (e.key === "ArrowDown") next = index < 0 ? 0 : (index + 1) % items.length;
  else if (e.key === "ArrowUp") next = index <= 0 ? items.length - 1 : index - 1;
  else if (e.key === "Home") next = 0;
  else if (e.key === "End") next = items.length - 1;
  if (next >= 0) {
    e.preventDefault();
    items[next]?.focus();
  }
}
