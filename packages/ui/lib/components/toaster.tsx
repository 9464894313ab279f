import { lazy, Suspense, useState } from 'react';
import { useToast } from '../use-toast.ts';

const ToastRegion = lazy(() => import('./toast.tsx').then((m) => ({ default: m.ToastRegion })));

/**
 * The page's toasts. Put it once in the shell. Radix Toast (toast.tsx) loads with the first toast, so a page that shows
 * none never loads it; from then on it stays mounted.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
