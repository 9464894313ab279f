import { useSyncExternalStore } from 'react';
import { createToastStore, type ToastInput, type ToastHandle, type ToastState } from './toast-store.ts';

/** The one toast queue of the page. @cp/ui is a shared singleton, so a remote's toast shows in the shell's Toaster. */
const store = createToastStore();

export function toast(input: ToastInput): ToastHandle {
  return store.toast(input);
}

export function useToast(): ToastState & { toast: typeof toast; dismiss: (id?: string) => void } {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, toast, dismiss: store.dismiss };
}
