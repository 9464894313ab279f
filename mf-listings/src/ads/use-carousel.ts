import { useCallback, useEffect, useState } from 'react';
import { AD_MANUAL_PAUSE_MS, AD_ROTATION_MS } from '@cp/ui/timings';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

export interface Carousel {
  /** The slide shown. */
  index: number;
  /** How many times the slide changed: a new value is a new show of the slide (an impression to count). */
  turn: number;
  /** Whether it turns by itself now (at least 2 slides, not paused, no reduced motion). */
  rotating: boolean;
  /** Rotation stopped by the visitor (the APG carousel's stop button), or by prefers-reduced-motion. */
  stopped: boolean;
  previous(): void;
  next(): void;
  toggleStopped(): void;
  /** Hover and keyboard focus inside pause the rotation while they last (a click's focus does not: see keyboardFocus). */
  hold: { onMouseEnter(): void; onMouseLeave(): void; onFocus(e: { target: EventTarget }): void; onBlur(e: { currentTarget: Element; relatedTarget: EventTarget | null }): void };
}

/**
 * Whether focus came the keyboard's way (:focus-visible, the browser's own judgement): a mouse click on Next focuses
 * the button in Chrome and Firefox, and that must not hold the rotation (the click's 10 s pause is the rule). A
 * browser that does not know :focus-visible counts every focus.
 */
function keyboardFocus(target: EventTarget): boolean {
  if (!(target instanceof Element)) return false;
  try {
    return target.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * The Advertisement carousel's rules (spec §2, §9): it advances every `intervalMs` (AD_ROTATION_MS) when there are at
 * least 2 slides; it pauses while the pointer is over it or keyboard focus is inside; a manual previous/next pauses
 * it for `manualPauseMs` (AD_MANUAL_PAUSE_MS); it never turns by itself under prefers-reduced-motion, and the visitor
 * can stop and restart it.
 */
export function useCarousel(count: number, intervalMs = AD_ROTATION_MS, manualPauseMs = AD_MANUAL_PAUSE_MS): Carousel {
  const [index, setIndex] = useState(0);
  const [turn, setTurn] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [manual, setManual] = useState(false);
  const [stopped, setStopped] = useState(prefersReducedMotion);

  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(REDUCED_MOTION);
    const onChange = () => {
      if (query.matches) setStopped(true);
    };
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);

  const go = useCallback(
    (step: number) => {
      if (count < 1) return;
      setIndex((i) => (i + step + count) % count);
      setTurn((t) => t + 1);
    },
    [count],
  );

  const rotating = count >= 2 && !stopped && !hovered && !focused;
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(
      () => {
        setManual(false);
        go(1);
      },
      manual ? manualPauseMs : intervalMs,
    );
    return () => clearTimeout(timer);
  }, [rotating, manual, turn, go, intervalMs, manualPauseMs]);

  // A slide index out of range after the list shrank starts again at the first.
  useEffect(() => {
    if (index >= count && count > 0) setIndex(0);
  }, [index, count]);

  return {
    index: count > 0 ? index % count : 0,
    turn,
    rotating,
    stopped,
    previous: () => {
      setManual(true);
      go(-1);
    },
    next: () => {
      setManual(true);
      go(1);
    },
    toggleStopped: () => setStopped((s) => !s),
    hold: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      // Tabbing in holds it; a click's focus, even moving from a tabbed-to button, gives way to the click's pause.
      onFocus: (e) => setFocused(keyboardFocus(e.target)),
      onBlur: (e) => {
        if (!(e.relatedTarget instanceof Node) || !e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      },
    },
  };
}
