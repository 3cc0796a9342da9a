// Layout breakpoints: mobile at 768 px or less, tablet above 768 up to 1024, desktop above 1024.
import { useSyncExternalStore } from "react";

export const MOBILE_MAX_PX = 768;
export const TABLET_MAX_PX = 1024;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof matchMedia !== "function") return () => {};
      const list = matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => (typeof matchMedia === "function" ? matchMedia(query).matches : false),
    () => false,
  );
}

export const useIsMobile = () => useMediaQuery(`(max-width: ${MOBILE_MAX_PX}px)`);
export const useIsTablet = () =>
  useMediaQuery(`(min-width: ${MOBILE_MAX_PX + 1}px) and (max-width: ${TABLET_MAX_PX}px)`);
