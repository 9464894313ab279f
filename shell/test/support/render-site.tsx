import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { createAppStore } from '@cp/web-core';
import { App, SiteRoutes } from '../../src/app/App.tsx';
import type { RemotesController } from '../../src/mf/remotes.ts';

/**
 * The whole site at `path`, as the browser's entry mounts it (App: store, remotes, chrome; SiteRoutes) in a memory
 * router, with the remotes `controller` (started here). Returns `navigate` for a client-side navigation.
 */
export async function renderSite(controller: RemotesController, path: string): Promise<{ navigate: (to: string) => Promise<void> }> {
  await controller.start();
  let navigate: NavigateFunction = () => undefined;
  function CaptureNavigate() {
    navigate = useNavigate();
    return null;
  }
  await act(async () => {
    render(
      <App store={createAppStore()} remotes={controller}>
        <MemoryRouter initialEntries={[path]}>
          <CaptureNavigate />
          <SiteRoutes />
        </MemoryRouter>
      </App>,
    );
  });
  return { navigate: (to: string) => act(async () => void navigate(to)) };
}
