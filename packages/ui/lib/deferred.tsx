import { cloneElement, useEffect, useRef, useState, type ComponentType, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
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
 */
export function useDeferredPartState({ autoFocus, defaultOpen }: Pick<DeferredPartProps, 'autoFocus' | 'defaultOpen'>) {
  const [open, setOpen] = useState(defaultOpen);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, []);
  return { open, setOpen, ref };
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
 * press) only the trigger is rendered; then the part's module loads (once per page) and replaces the bare trigger with
 * the full part, moving the focus along and opening it if the trigger was already pressed. This keeps Radix's popper,
 * dismissable layers and focus management off the home page's initial JavaScript.
 *
 * `openOnPress`: a press opens the part (menus, selects, dialogs); without it only hover and focus load it (tooltips).
 * `popup`: what the press opens, for the bare trigger's aria-haspopup (default "menu").
 */
export function createDeferredPart<P extends object>(load: () => Promise<ComponentType<P & DeferredPartProps>>, options: { openOnPress: boolean; popup?: 'menu' | 'listbox' | 'dialog' }) {
  let Loaded: ComponentType<P & DeferredPartProps> | undefined;
  let pending: Promise<void> | undefined;
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        pending = undefined; // a later intent tries again
        throw error;
      },
    ));

  function DeferredPart(props: P & { trigger: ReactElement }) {
    const [ready, setReady] = useState(() => Loaded !== undefined);
    // Pressed while the part still loads: the trigger says so (busy, dimmed, a progress cursor) until the part opens.
    const [waiting, setWaiting] = useState(false);
    // Set when this instance swapped its bare trigger for the loaded part (not when the part was loaded already).
    const replaced = useRef(false);
    const focused = useRef(false);
    const pressed = useRef(false);
    const hovered = useRef(false);
    const mounted = useRef(true);
    useEffect(() => {
      mounted.current = true;
      return () => {
        mounted.current = false;
      };
    }, []);

    if (ready && Loaded) {
      return <Loaded {...props} autoFocus={replaced.current && focused.current} defaultOpen={replaced.current && pressed.current} hovered={replaced.current && hovered.current} />;
    }

    const start = () => {
      preload().then(
        () => {
          if (!mounted.current) return;
          replaced.current = true;
          setReady(true);
        },
        (error: unknown) => {
          console.error('A part of the page could not be loaded', error);
          // Hovering or focusing needs no answer; a press that opens nothing does (the bare trigger stays, a new
          // press tries again).
          if (pressed.current && mounted.current) toast({ title: 'Could not open this menu', description: 'Please check your connection and try again.', variant: 'destructive' });
          if (mounted.current) setWaiting(false);
        },
      );
    };
    const press = () => {
      if (!options.openOnPress) return;
      pressed.current = true;
      setWaiting(true);
      start();
    };
    const own = props.trigger.props as TriggerProps;
    return cloneElement(props.trigger as ReactElement<TriggerProps>, {
      ...(options.openOnPress ? { 'aria-haspopup': options.popup ?? 'menu', 'aria-expanded': false } : {}),
      ...(waiting ? { 'aria-busy': true, className: cn(own.className, 'cursor-progress opacity-70') } : {}),
      onPointerEnter: (event: PointerEvent) => {
        own.onPointerEnter?.(event);
        if (event.pointerType === 'touch') return; // touch: the press loads it
        hovered.current = true;
        start();
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
        start();
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
        if (OPEN_KEYS.has(event.key)) press();
      },
    } as Partial<TriggerProps>);
  }
  return Object.assign(DeferredPart, { preload });
}
