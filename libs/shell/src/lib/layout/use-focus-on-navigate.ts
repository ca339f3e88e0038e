import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a lazily loaded page to show its heading before focusing the main region. */
const HEADING_WAIT_MS = 3000;

/**
 * After a navigation to another page, moves focus to the new page's heading (or the main region
 * while there is none), so keyboard and screen-reader users start on the page they opened
 * instead of on `<body>` or the link they left behind. The first page load keeps the browser's
 * own focus; query-only changes (filters, tabs, paging) keep focus where the user is working.
 */
export function useFocusOnNavigate(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const region = main.current;
    if (!region) return undefined;
    const focusHeading = (): boolean => {
      const heading = region.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // A heading is not a control: no focus ring, the screen reader announces it.
      heading.classList.add('outline-none');
      heading.focus({ preventScroll: false });
      return true;
    };
    if (focusHeading()) return undefined;
    // The page is still loading (lazy route, pending query): hold focus on main until the heading shows.
    region.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      // Someone moved on meanwhile (typed in a field, opened a menu): leave their focus alone.
      if (document.activeElement !== region && document.activeElement !== document.body) observer.disconnect();
      else if (focusHeading()) observer.disconnect();
    });
    observer.observe(region, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, main]);
}
