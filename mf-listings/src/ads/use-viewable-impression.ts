import { useEffect, useRef, type RefObject } from 'react';

/** The industry's viewability rule (IAB/MRC display): at least half of the ad on screen for one continuous second. */
export const VIEWABLE_RATIO = 0.5;
export const VIEWABLE_MS = 1_000;

/**
 * Calls `onViewable` once per show of an ad: when at least half of the element is on screen for one continuous second.
 * A show is this element with this `showKey` (the ad's id, and in a carousel which turn it is): re-renders do not count
 * again; leaving the screen before the second ends counts nothing; the carousel coming back to the ad later is a new
 * show. Without IntersectionObserver nothing is counted (an impression must be seen).
 */
export function useViewableImpression(ref: RefObject<Element | null>, showKey: string, onViewable: () => void, active = true): void {
  // Read when the second ends: a new function on a re-render is not a new show.
  const callback = useRef(onViewable);
  callback.current = onViewable;
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let counted = false;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting && e.intersectionRatio >= VIEWABLE_RATIO);
        if (visible && !timer && !counted) {
          timer = setTimeout(() => {
            counted = true;
            observer.disconnect();
            callback.current();
          }, VIEWABLE_MS);
        } else if (!visible && timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: [0, VIEWABLE_RATIO, 1] },
    );
    observer.observe(el);
    return () => {
      if (timer) clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, showKey, active]);
}
