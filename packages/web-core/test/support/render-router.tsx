import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '@cp/ui';
import { createAppStore, type AppStore } from '@cp/web-core';

/** The memory router `renderRouter` renders: a test reads where it is (`router.state.location`) or navigates with it. */
export type TestRouter = ReturnType<typeof createMemoryRouter>;

/**
 * `routes` in a memory router at `path` (its one entry), in a fresh store (`createAppStore()` in react-redux's
 * `Provider`), with `@cp/ui`'s `<Toaster />` beside the router when `toaster` is set (the pages that say what happened
 * in a toast), rendered inside `act` so the first effects have run. Returns the router and the store. The page tests
 * of the shell and of every remote use it (a remote's tests import it by path, as they import nothing of another
 * remote's or of the shell's tests); `renderSite` of the shell's tests renders the whole site instead.
 */
export async function renderRouter(routes: RouteObject[], { path, toaster = false }: { path: string; toaster?: boolean }): Promise<{ router: TestRouter; store: AppStore }> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const store = createAppStore();
  await act(async () => {
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
        {toaster ? <Toaster /> : null}
      </Provider>,
    );
  });
  return { router, store };
}
