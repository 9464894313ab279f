import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import { baseApi } from './api/base-api.ts';
import type { ServerFetch } from './api/base-query.ts';

/**
 * State that remotes add at run time. A remote declares its slice for TypeScript with
 * `declare module '@cp/web-core' { interface LazyLoadedSlices { mySlice: MyState } }` and injects it with
 * `rootReducer.inject(mySlice)`; RTK Query endpoints go through `baseApi.injectEndpoints(...)` instead.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The root reducer: the base API now, every injected slice later (combineSlices updates it in place). */
export const rootReducer = combineSlices(baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** `serverFetch`: the renderer's fetch for a page rendered on the server (base-query.ts); `middleware`: added last. */
export function createAppStore(preloadedState?: Partial<RootState>, options: { serverFetch?: ServerFetch; middleware?: Middleware[] } = {}) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: { serverFetch: options.serverFetch } } }).concat(baseApi.middleware, ...(options.middleware ?? [])),
    ...(preloadedState ? { preloadedState: preloadedState as RootState } : {}),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
