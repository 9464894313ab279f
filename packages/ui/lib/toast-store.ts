/**
 * The toast queue behind `toast()` / `useToast()` (shadcn's use-toast, reduced): at most TOAST_LIMIT toasts exist at
 * once (spec §8: one), a new toast replaces the one shown. Timing (5000 ms, swipe right 50 px) is Radix Toast's default.
 * Pure TypeScript so that it is unit-tested without a DOM.
 */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in the list for its exit animation. */
export const TOAST_REMOVE_DELAY_MS = 1000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; Radix's 5000 when absent. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: readonly ToastItem[];
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; id: string; toast: Partial<ToastInput> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function toastReducer(state: ToastState, action: ToastAction, limit = TOAST_LIMIT): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, limit) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss':
      return { toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)) };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (toast: Partial<ToastInput>) => void;
}

export interface ToastStore {
  toast: (input: ToastInput) => ToastHandle;
  dismiss: (id?: string) => void;
  getState: () => ToastState;
  subscribe: (listener: () => void) => () => void;
}

export function createToastStore(options: { limit?: number; removeDelayMs?: number } = {}): ToastStore {
  const limit = options.limit ?? TOAST_LIMIT;
  const removeDelayMs = options.removeDelayMs ?? TOAST_REMOVE_DELAY_MS;
  let state: ToastState = { toasts: [] };
  let counter = 0;
  const listeners = new Set<() => void>();
  const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const dispatch = (action: ToastAction) => {
    state = toastReducer(state, action, limit);
    for (const listener of listeners) listener();
  };

  const scheduleRemoval = (id: string) => {
    if (removeTimers.has(id)) return;
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        dispatch({ type: 'remove', id });
      }, removeDelayMs),
    );
  };

  const dismiss = (id?: string) => {
    for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
    dispatch({ type: 'dismiss', ...(id === undefined ? {} : { id }) });
  };

  return {
    toast(input) {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const id = `toast-${counter}`;
      dispatch({ type: 'add', toast: { ...input, id, open: true } });
      return { id, dismiss: () => dismiss(id), update: (toast) => dispatch({ type: 'update', id, toast }) };
    },
    dismiss,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
