import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Moves focus to the main region after a client-side navigation, so keyboard and screen-reader users start at the
 * new page instead of staying on the link they pressed. The first load keeps the browser's own focus.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    target.current?.focus();
  }, [pathname, target]);
}
