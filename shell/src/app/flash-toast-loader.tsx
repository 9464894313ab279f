import { useEffect } from 'react';
import { FLASH_TOAST_KEY } from './flash-toast-key.ts';

/**
 * Shows the previous page's toast (flash-toast.tsx) after this page's first render; the module that reads and shows
 * it is loaded only when there is one (most pages have none: it stays off the first view's code). Render once, after
 * the Toaster.
 */
export function FlashToast() {
  useEffect(() => {
    let pending = false;
    try {
      pending = sessionStorage.getItem(FLASH_TOAST_KEY) !== null;
    } catch {
      // storage refused: nothing was left
    }
    if (pending) void import('./flash-toast.tsx').then((m) => m.showFlashToast());
  }, []);
  return null;
}
