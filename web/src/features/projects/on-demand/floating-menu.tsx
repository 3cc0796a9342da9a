// A menu opened from a button inside the sidebar (a project's menu, a chat's "Move to project"): drawn in the page's
// top layer (a manual popover) beside its button, so the sidebar's scrolling and clipping (and the phone drawer's
// transform) do not cut it. Closed by Escape (focus back on the button), a press outside, or a pick; arrow keys move
// between its items.
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { moveFocus, useDismiss } from "../../ui/signed-in/use-dismiss";

/** Gap between the button and the menu, and the least margin to the window's edges, in pixels. */
const GAP_PX = 4;
const EDGE_PX = 8;

export function FloatingMenu({
  anchor,
  label,
  onClose,
  testId,
  children,
}: {
  anchor: HTMLElement;
  label: string;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  const anchorRef = useMemo(() => ({ current: anchor }), [anchor]);
  const refs = useMemo(() => [menuRef, anchorRef], [anchorRef]);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  useDismiss(true, onClose, refs, anchorRef);

  // Under the button, its right edge on the button's; above it when there is no room below; inside the window.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    menu.showPopover?.();
    const at = anchor.getBoundingClientRect();
    const { offsetWidth: width, offsetHeight: height } = menu;
    let top = at.bottom + GAP_PX;
    if (top + height > window.innerHeight - EDGE_PX) top = Math.max(EDGE_PX, at.top - GAP_PX - height);
    const left = Math.min(Math.max(EDGE_PX, at.right - width), window.innerWidth - width - EDGE_PX);
    setPlace({ top, left });
  }, [anchor]);
  // once placed (a hidden menu cannot take focus), the first item has it, as in the app's other menus
  const placed = place !== null;
  useEffect(() => {
    if (placed) menuRef.current?.querySelector<HTMLElement>("[role^='menuitem']:not([disabled])")?.focus();
  }, [placed]);

  return (
    <div
      ref={menuRef}
      popover="manual"
      className="menu project-menu"
      role="menu"
      aria-label={label}
      data-testid={testId}
      style={place ?? { visibility: "hidden" }}
      onKeyDown={(e) => moveFocus(menuRef.current, e)}
    >
      {children}
    </div>
  );
}
