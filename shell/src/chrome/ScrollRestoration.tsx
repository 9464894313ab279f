import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'cp-scroll-positions';
/** Enough history entries for a long visit; older ones are dropped. */
const MAX_ENTRIES = 100;

function readPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(saved) ? (saved as Array<[string, number]>).filter(([k, y]) => typeof k === 'string' && typeof y === 'number') : []);
  } catch {
    return new Map();
  }
}

/**
 * The page's scroll position across navigations, like the browser does for full pages: a new page (link, redirect)
 * starts at the top, or at its #hash; Back and Forward return to where the visitor was on that entry, also after a
 * reload (positions kept per history entry in sessionStorage). Render once inside the router.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(undefined);
  positions.current ??= readPositions();
  const currentKey = useRef(location.key);

  useEffect(() => {
    // Take over from the browser, which restores on popstate, before React has rendered the page it goes back to.
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.current?.set(currentKey.current, window.scrollY);
    const persist = () => {
      positions.current?.set(currentKey.current, window.scrollY);
      const entries = [...(positions.current ?? [])].slice(-MAX_ENTRIES);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
      } catch {
        // Storage full or disabled: positions are kept for this page's life only.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = positions.current?.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
