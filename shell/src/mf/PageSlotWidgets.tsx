import { Suspense, useEffect, type ComponentType } from 'react';
import type { PageSlot, PageSlotProps } from '@cp/web-core/contract';
import { RemoteBoundary } from './RemoteBoundary.tsx';
import { useRemotes, useRemotesController } from './RemotesContext.tsx';
import { pageSlotOwners } from './remotes.ts';

const renderWidget = <P extends object>(Component: ComponentType<P>, props: P) => <Component {...props} />;

/**
 * The widgets of a page slot (PageSlots.tsx): loads the remotes that fill it for the page's keys, then renders their
 * widgets in `order`, each in its own boundary. A widget whose code is still coming, or that fails (a remote down, a
 * widget that throws: logged and counted for the releases like any remote's failure), shows nothing.
 */
export default function PageSlotWidgets<S extends PageSlot>({ slot, props, keys }: { slot: S; props: PageSlotProps[S]; keys: Record<string, string> }) {
  const controller = useRemotesController();
  const snapshot = useRemotes();
  const keysText = JSON.stringify(keys);
  useEffect(() => {
    void controller.loadPageWidgetsFor(slot, JSON.parse(keysText) as Record<string, string>);
  }, [controller, slot, keysText]);
  const owners = new Set(pageSlotOwners(snapshot, slot, keys).map((r) => r.name));
  return (
    <>
      {snapshot.pageWidgets
        .filter((w) => w.slot === slot && owners.has(w.remote))
        .map(({ id, remote, Component }) => (
          <RemoteBoundary key={id} remote={remote} quiet fallback={null}>
            <Suspense fallback={null}>{renderWidget(Component as ComponentType<PageSlotProps[S]>, props)}</Suspense>
          </RemoteBoundary>
        ))}
    </>
  );
}
