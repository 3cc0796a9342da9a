// Tooltips are pure CSS (styles/base.css: [data-tooltip]:hover::after), so one stayed up after a click for as long as
// the pointer rested on the button: the send button's covered the × of the notice above the input. A click hides the
// tooltips until the pointer leaves the clicked element's place. The place, not the element: sending a new chat's
// first question builds a new screen, and a new send button, under the resting pointer. A click from the keyboard
// (detail 0) hides nothing: its tooltip is the focused element's.

/** Set on <html> while a click has hidden the tooltips; base.css shows none then. */
const HIDDEN = "data-tooltip-hidden";

export function hideTooltipsOnClick(): void {
  const root = document.documentElement;
  let place: DOMRect | undefined;
  addEventListener(
    "click",
    (e) => {
      place = e.detail ? (e.target as Element).closest?.("[data-tooltip]")?.getBoundingClientRect() : undefined;
      root.toggleAttribute(HIDDEN, place !== undefined);
    },
    true,
  );
  addEventListener(
    "pointermove",
    (e) => {
      if (
        place &&
        (e.clientX < place.left || e.clientX > place.right || e.clientY < place.top || e.clientY > place.bottom)
      ) {
        place = undefined;
        root.removeAttribute(HIDDEN);
      }
    },
    { passive: true },
  );
}
