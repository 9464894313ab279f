import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { PAGE_SLOT_KEYS_OF, PageSlotsContext, type PageSlot, type PageSlotProps, type PageSlotRenderer } from '@cp/web-core/contract';
import { useRemotes } from './RemotesContext.tsx';
import { pageSlotOwners } from './remotes.ts';

// Fetched only by a page whose slot some remote fills (an Events listing's): the others carry none of it.
const PageSlotWidgets = lazy(() => import('./PageSlotWidgets.tsx'));

/** True from the first effect on: what renders only then is never in the server's markup nor in hydration's render. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A page slot as the shell fills it (issue 35): after the page has hydrated, and only when the registry says that a
 * remote fills the slot for the page's keys (a listing's category), its widgets (PageSlotWidgets.tsx). Nothing is
 * shown before, while they load, or when none fills it: the page is whole without them.
 */
function ShellPageSlot<S extends PageSlot>({ slot, props }: { slot: S; props: PageSlotProps[S] }) {
  const hydrated = useHydrated();
  const snapshot = useRemotes();
  if (!hydrated) return null;
  const keys = (PAGE_SLOT_KEYS_OF[slot] as (p: PageSlotProps[S]) => Record<string, string>)(props);
  if (pageSlotOwners(snapshot, slot, keys).length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PageSlotWidgets slot={slot} props={props} keys={keys} />
    </Suspense>
  );
}

/** Gives the pages of every remote the shell's page slots (`PageSlotOutlet` of @cp/web-core/contract). */
export function PageSlotsProvider({ children }: { children: ReactNode }) {
  return <PageSlotsContext.Provider value={ShellPageSlot as PageSlotRenderer}>{children}</PageSlotsContext.Provider>;
}
