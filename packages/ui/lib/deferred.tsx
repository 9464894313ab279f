import { cloneElement, useLayoutEffect, useRef, useState, type ComponentType, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { toast } from './use-toast.ts';
import { cn } from './utils.ts';

/** What a deferred part's loaded component receives besides its own props. */
export interface DeferredPartProps {
  /** The trigger element, to be wrapped by the part's Radix trigger (`asChild`). */
  trigger: ReactElement;
  /** The trigger had the focus when the part replaced it: focus the new trigger. */
  autoFocus: boolean;
  /** The user already pressed the trigger while the part loaded: open at once. */
  defaultOpen: boolean;
  /** The mouse is over the trigger when the part replaced it (a tooltip opens after its delay without a new move). */
  hovered: boolean;
}

/**
 * What a deferred part keeps on mount: whether it is open (at once when the trigger was pressed while it loaded) and
 * the ref of its Radix trigger, which takes the focus when the bare trigger had it.
 * The focus moves in the commit that swaps the triggers (a layout effect): the bare trigger's button leaves the page
 * there, and a key pressed between that commit and a later effect went to the page's body and was lost (a keyboard
 * user's Enter opened nothing).
 */
export function useDeferredPartState({ autoFocus, defaultOpen }: Pick<DeferredPartProps, 'autoFocus' | 'defaultOpen'>) {
  const [open, setOpen] = useState(defaultOpen);
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, []);
  return { open, setOpen, ref };
}

/**
 * Code that only an interaction needs (a Radix part, a form and its schemas, a dialog), loaded when the user shows
 * intent on the control that opens it (issue 20 §7: "load the rest on intent"): a pointer over it, its focus, a touch,
 * and at the latest the press itself. Loaded once for the page; a load that failed is tried again by the next intent.
 */
export interface OnIntent<T> {
  /** The loaded value (a component), or undefined until it is here. */
  current: () => T | undefined;
  /** Loads it (once), resolving to it; rejects when the load failed. */
  load: () => Promise<T>;
  /** Starts the load without waiting for it (a failure is left to the press, which tells it). */
  preload: () => void;
}

export function onIntent<T>(load: () => Promise<T>): OnIntent<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const get = () =>
    (pending ??= load().then(
      (loaded) => (value = loaded),
      (error: unknown) => {
        pending = undefined; // a later intent tries again
        throw error;
      },
    ));
  return { current: () => value, load: get, preload: () => void get().catch(() => undefined) };
}

/** The event handlers that show intent on a control: spread them on the button that opens the part. */
export const intentHandlers = (preload: () => void) => ({ onPointerEnter: preload, onFocus: preload, onTouchStart: preload });

/**
 * A part loaded on intent, as the component that shows it holds it: `loaded` once it is here (for this component);
 * `whenLoaded(key, open)` runs `open` at once when it is, else after loading it. `key` names the pressed control:
 * `opening` is that key meanwhile (the control shows it is working), only the last press opens, and a failed load says
 * so in a toast titled `failed` (a new press tries again). A null key is intent without a press (a pointer over, a
 * focus): the part is made `loaded` once here, and a failure needs no answer.
 */
export function useLoadedOnPress<T>(part: OnIntent<T>, failed: string): { loaded: T | undefined; opening: string | null; whenLoaded: (key: string | null, open?: () => void) => void } {
  const [loaded, setLoaded] = useState<T | undefined>(part.current);
  const [opening, setOpening] = useState<string | null>(null);
  const pressed = useRef<string | null>(null);
  const clearPress = () => {
    pressed.current = null;
    setOpening(null);
  };
  // Whether `key` is the press still waiting (then it is one no longer).
  const done = (key: string | null) => {
    if (key === null || pressed.current !== key) return false;
    clearPress();
    return true;
  };
  const whenLoaded = (key: string | null, open?: () => void) => {
    // Here already (loaded on intent, or for an earlier view): at once.
    const ready = part.current();
    if (ready !== undefined) {
      setLoaded(() => ready);
      // A press opens it now, and supersedes a press still waiting for it.
      if (key !== null) {
        clearPress();
        open?.();
      }
      return;
    }
    if (key !== null) {
      pressed.current = key;
      setOpening(key);
    }
    part.load().then(
      (value) => {
        setLoaded(() => value);
        if (done(key)) open?.();
      },
      (error: unknown) => {
        console.error('A part of the page could not be loaded', error);
        if (done(key)) toast({ title: failed, description: 'Please check your connection and try again.', variant: 'destructive' });
      },
    );
  };
  return { loaded, opening, whenLoaded };
}

type TriggerProps = {
  className?: string;
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onPointerDown?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  onClick?: (event: unknown) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
};

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A Radix part (tooltip, menu) that no first view needs: until the user shows intent on its trigger (mouse over, focus,
 * press) only the trigger is rendered; then the part's module loads (once per page, `onIntent`) and replaces the bare
 * trigger with the full part, moving the focus along and opening it if the trigger was already pressed
 * (`useLoadedOnPress`). This keeps Radix's popper, dismissable layers and focus management off the home page's initial
 * JavaScript.
 *
 * `openOnPress`: a press opens the part (menus, selects, dialogs); without it only hover and focus load it (tooltips).
 * `popup`: what the press opens, for the bare trigger's aria-haspopup (default "menu").
 */
export function createDeferredPart<P extends object>(load: () => Promise<ComponentType<P & DeferredPartProps>>, options: { openOnPress: boolean; popup?: 'menu' | 'listbox' | 'dialog' }) {
  const part = onIntent(load);

  function DeferredPart(props: P & { trigger: ReactElement }) {
    const { loaded: Loaded, opening, whenLoaded } = useLoadedOnPress(part, 'Could not open this menu');
    // Whether the part was here when this instance mounted (then it was not swapped in, and neither focuses nor opens).
    const [atMount] = useState(() => Loaded !== undefined);
    const focused = useRef(false);
    const pressed = useRef(false);
    const hovered = useRef(false);

    if (Loaded) {
      return <Loaded {...props} autoFocus={!atMount && focused.current} defaultOpen={!atMount && pressed.current} hovered={!atMount && hovered.current} />;
    }

    // Hovering or focusing needs no answer; a press shows it is waiting (busy, dimmed, a progress cursor) until the part
    // opens, and a press that opens nothing says so (the bare trigger stays, a new press tries again).
    const press = () => {
      if (!options.openOnPress) return;
      pressed.current = true;
      whenLoaded('press');
    };
    const own = props.trigger.props as TriggerProps;
    return cloneElement(props.trigger as ReactElement<TriggerProps>, {
      ...(options.openOnPress ? { 'aria-haspopup': options.popup ?? 'menu', 'aria-expanded': false } : {}),
      ...(opening ? { 'aria-busy': true, className: cn(own.className, 'cursor-progress opacity-70') } : {}),
      onPointerEnter: (event: PointerEvent) => {
        own.onPointerEnter?.(event);
        if (event.pointerType === 'touch') return; // touch: the press loads it
        hovered.current = true;
        whenLoaded(null);
      },
      onPointerLeave: (event: PointerEvent) => {
        own.onPointerLeave?.(event);
        hovered.current = false;
      },
      onPointerDown: (event: PointerEvent) => {
        own.onPointerDown?.(event);
        press();
      },
      onFocus: (event: FocusEvent) => {
        own.onFocus?.(event);
        focused.current = true;
        whenLoaded(null);
      },
      onBlur: (event: FocusEvent) => {
        own.onBlur?.(event);
        focused.current = false;
      },
      onClick: (event: unknown) => {
        own.onClick?.(event);
        press();
      },
      onKeyDown: (event: KeyboardEvent) => {
        own.onKeyDown?.(event);
        // The press is handled here: the browser's own click of the key (Enter's on this key down, Space's on its key
        // up, which a cancelled key down never gets) must not follow, for when the part is swapped in between the two
        // it lands on the part's new trigger and closes what this press just opened (a keyboard user's Enter opened
        // nothing on a slow phone).
        if (options.openOnPress && OPEN_KEYS.has(event.key)) {
          event.preventDefault();
          press();
        }
      },
    } as Partial<TriggerProps>);
  }
  return Object.assign(DeferredPart, { preload: part.load });
}
