import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { PAGE_SLOT_KEYS_OF, PageSlotsContext, type PageSlot, type PageSlotProps, type PageSlotRenderer } from '@cp/web-core/contract';
import { RemoteBoundary } from './RemoteBoundary.tsx';
import { useRemotes, useRemotesController } from './RemotesContext.tsx';
import { pageSlotOwners } from './remotes.ts';

/** True from the first effect on: what renders only then is never in the server's markup nor in hydration's render. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A page slot as the shell fills it (issue 35): after the page has hydrated, the remotes whose registry entry declares
 * the slot for the page's keys (a listing's category) are loaded, and their widgets rendered in `order`, each in its
 * own boundary. Nothing is shown while they load, when none fills it, or when one fails (the failure is reported like
 * any remote's): the page is whole without them, and what it already shows does not move until a widget is there.
 */
function ShellPageSlot<S extends PageSlot>({ slot, props }: { slot: S; props: PageSlotProps[S] }) {
  const hydrated = useHydrated();
  const controller = useRemotesController();
  const snapshot = useRemotes();
  const keys = (PAGE_SLOT_KEYS_OF[slot] as (p: PageSlotProps[S]) => Record<string, string>)(props);
  const keysText = JSON.stringify(keys);
  useEffect(() => {
    if (hydrated) void controller.loadPageWidgetsFor(slot, JSON.parse(keysText) as Record<string, string>);
  }, [hydrated, controller, slot, keysText]);
  if (!hydrated) return null;
  const owners = new Set(pageSlotOwners(snapshot, slot, keys).map((r) => r.name));
  const widgets = snapshot.pageWidgets.filter((w) => w.slot === slot && owners.has(w.remote));
  if (widgets.length === 0) return null;
  return (
    <>
      {widgets.map(({ id, remote, Component }) => (
        <RemoteBoundary key={id} remote={remote} quiet fallback={null}>
          {/* A widget's code still coming shows nothing: no skeleton for an extra, nothing moves for it. */}
          <Suspense fallback={null}>{renderWidget(Component as ComponentType<PageSlotProps[S]>, props)}</Suspense>
        </RemoteBoundary>
      ))}
    </>
  );
}

const renderWidget = <P extends object>(Component: ComponentType<P>, props: P) => <Component {...props} />;

/** Gives the pages of every remote the shell's page slots (`PageSlotOutlet` of @cp/web-core/contract). */
export function PageSlotsProvider({ children }: { children: ReactNode }) {
  return <PageSlotsContext.Provider value={ShellPageSlot as PageSlotRenderer}>{children}</PageSlotsContext.Provider>;
}
