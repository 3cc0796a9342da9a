// Tooltips are pure CSS (styles/base.css: [data-tooltip]:hover::after), so one stayed up after a click for as long as
// the pointer rested on the button: the send button's covered the × of the notice above the input. A click hides the
// tooltips until the pointer leaves the clicked element's place. The place, not the element: sending a new chat's
// first question builds a new screen, and a new send button, under the resting pointer. Which clicks hide them (not
// the keyboard's) is the measuring function's rule, in layout/app-shell.tsx.

/** Set on <html> while a click has hidden the tooltips; base.css shows none then. */
const HIDDEN = "data-tooltip-hidden";

/** The box the pointer must leave before tooltips show again; undefined: the click hid nothing. */
export type Clicked = DOMRect | undefined;

/**
 * Starts hiding, and returns what a click (captured on the window) does from now on. layout/app-shell.tsx, which
 * listens to the clicks from the start and loads this module on the first pointer move, hands over the last click's box
 * (`earlier`) and the function that measured it. (Handed over, not imported: this lazy module importing it back from
 * the signed-in chunk made rolldown write a route chunk that exports an undefined name, and the app failed to start.)
 */
export function hideTooltipsOnClick(
  earlier: Clicked,
  measure: (e: MouseEvent) => Clicked,
): (click: MouseEvent) => void {
  const root = document.documentElement;
  let place = earlier;
  root.toggleAttribute(HIDDEN, place !== undefined);
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
  return (e) => {
    place = measure(e);
    root.toggleAttribute(HIDDEN, place !== undefined);
  };
}
