import { Suspense, useEffect } from 'react';
import type { HeaderSlot as HeaderSlotName } from '@cp/contracts/mf-metadata';
import { ErrorBoundary } from '@cp/web-core';
import { useRemotes, useRemotesController } from '../mf/RemotesContext.tsx';

/**
 * A header slot (issue 23): the header widgets of the remotes whose registry metadata declares the slot
 * (`headerSlots`), e.g. mf-messages' Messages link with its unread badge. Its own chunk, rendered by the header only for
 * a signed-in visitor once the page is interactive, so it is never on a first view's critical path. A remote that
 * fails (its ./widgets, or a widget that throws) leaves the slot empty: the header is no place for an error message.
 */
export default function HeaderSlot({ slot }: { slot: HeaderSlotName }) {
  const controller = useRemotesController();
  const { headerWidgets } = useRemotes();
  useEffect(() => {
    void controller.loadHeaderWidgetsFor(slot);
  }, [controller, slot]);
  return headerWidgets
    .filter((w) => w.slot === slot)
    .map(({ id, Component }) => (
      <ErrorBoundary key={id} fallback={() => null} onError={(error) => console.error(`The header part ${id} failed`, error)}>
        <Suspense fallback={null}>
          <Component />
        </Suspense>
      </ErrorBoundary>
    ));
}
