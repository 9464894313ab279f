import { toast, type ToastInput } from '@cp/ui';
import { FLASH_TOAST_KEY as KEY } from './flash-toast-key.ts';

const VARIANTS = new Set(['default', 'destructive', 'success']);

/**
 * A toast for the next page of this tab, for actions that end in a full page load (a successful login redirects with
 * one, spec §4): kept in sessionStorage until the new page shows it. Storage refused (private mode): no toast, no error.
 */
export function toastAfterReload(input: ToastInput): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(input));
  } catch {
    // nothing to show then
  }
}

/** The toast left by the previous page, once (it is removed as it is read); anything malformed is dropped. */
export function takeFlashToast(): ToastInput | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value.title !== 'string') return null;
    return {
      title: value.title,
      ...(typeof value.description === 'string' ? { description: value.description } : {}),
      ...(typeof value.variant === 'string' && VARIANTS.has(value.variant) ? { variant: value.variant as ToastInput['variant'] } : {}),
    };
  } catch {
    return null;
  }
}

/** Shows the previous page's toast, if it left one (flash-toast-loader.tsx loads this module only then). */
export function showFlashToast(): void {
  const pending = takeFlashToast();
  if (pending) toast(pending);
}
