import { useRef, useState } from 'react';
import { toast } from '@cp/ui';

/**
 * Code that only a click needs (a form and its schemas, a dialog), loaded when the user shows intent on the control that
 * opens it: a pointer over it, its focus, a touch (issue 20 §7: "load the rest on intent"), and at the latest on the
 * click itself. Each is loaded once for the page; a load that failed is tried again by the next intent.
 */
export interface OnIntent<T> {
  /** The loaded value (a component), or undefined until it is here. */
  current: () => T | undefined;
  /** Loads it (once), resolving to it; rejects when the load failed. */
  load: () => Promise<T>;
  /** Starts the load without waiting for it (a failure is left to the click, which tells it). */
  preload: () => void;
}

export function onIntent<T>(load: () => Promise<T>): OnIntent<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const get = () =>
    (pending ??= load().then(
      (loaded) => (value = loaded),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return { current: () => value, load: get, preload: () => void get().catch(() => undefined) };
}

/** The event handlers that show intent on a control: spread them on the button that opens the part. */
export function intentHandlers(preload: () => void): { onPointerEnter: () => void; onFocus: () => void; onTouchStart: () => void } {
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}

/**
 * A part loaded on intent, as the component that opens it holds it: `loaded` once it is here; `whenLoaded(key, open)`
 * runs `open` at once when it is, else after loading it, with `opening` set to `key` meanwhile (the pressed control
 * shows it is working). Only the last press opens; a failed load says so in a toast and a new press tries again.
 */
export function useLoadedOnPress<T>(part: OnIntent<T>): { loaded: T | undefined; opening: string | null; whenLoaded: (key: string, open: () => void) => void } {
  const [loaded, setLoaded] = useState<T | undefined>(() => part.current());
  const [opening, setOpening] = useState<string | null>(null);
  const pressed = useRef<string | null>(null);
  const whenLoaded = (key: string, open: () => void) => {
    // Here already (loaded on intent, or for an earlier view): open at once.
    const ready = loaded ?? part.current();
    if (ready !== undefined) {
      if (loaded === undefined) setLoaded(() => ready);
      pressed.current = null;
      setOpening(null);
      open();
      return;
    }
    pressed.current = key;
    setOpening(key);
    part.load().then(
      (value) => {
        setLoaded(() => value);
        if (pressed.current !== key) return;
        pressed.current = null;
        setOpening(null);
        open();
      },
      (error: unknown) => {
        console.error('A part of the page could not be loaded', error);
        if (pressed.current !== key) return;
        pressed.current = null;
        setOpening(null);
        toast({ title: 'Error', description: 'This form could not be loaded. Please check your connection and try again.', variant: 'destructive' });
      },
    );
  };
  return { loaded, opening, whenLoaded };
}
