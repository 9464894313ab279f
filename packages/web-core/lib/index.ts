/**
 * @cp/web-core — what the shell and every microfrontend share at run time. A Module Federation singleton: there is
 * one store, one RTK Query API and one session on the page.
 */
export { createBaseQuery, errorMessage, formatHttpError, isApiError, serverErrorText, serverMessageText, type ApiError, type AppBaseQuery } from './api/base-query.ts';
export { baseApi, TAG_TYPES, type BaseApi, type TagType } from './api/base-api.ts';
export { authApi, useGetCurrentUserQuery, useLogoutMutation } from './api/auth-api.ts';
// Logging in and registering: '@cp/web-core/sign-in' (the sign-in page alone uses them).
// Forgot and reset password: '@cp/web-core/password-api' (two pages use them).
// Reading the page's server state and the action that hands it to the store: '@cp/web-core/ssr' (the shell's start-up
// only, which runs before this module is loaded; a shared module is never tree-shaken).
export { isServer, type DehydratedApiState, type SsrState } from './ssr.ts';
export type { ServerFetch } from './api/base-query.ts';
export { createAppStore, rootReducer, type AppDispatch, type AppStore, type LazyLoadedSlices, type RootState } from './store.ts';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks.ts';
export { displayName, useAuth, type AuthState } from './auth/use-auth.ts';
// The login and registration failure toasts: '@cp/web-core/auth-messages' (only the sign-in page needs them; a shared
// module is never tree-shaken, so exporting them here would put them in every page's first bundle).
export { ErrorBoundary, type ErrorBoundaryProps } from './error-boundary.tsx';
// The contract's functions and constants come from '@cp/web-core/contract' (a shared singleton of its own: the host's
// copy serves every remote): re-exporting them here would put a second copy on every page. Types only.
export type {
  HomeSlot,
  HomeWidget,
  PostAdPanelProps,
  RemoteExpose,
  RemoteRoute,
  RemoteRoutesModule,
  RemoteWidgetsModule,
} from './contract.ts';
export { validate, type FieldErrors } from './forms.ts';
export { LoadError, type LoadErrorProps } from './load-error.tsx';
export { loadErrorReason } from './load-error-reason.ts';
export { HomeSection } from './home-section.tsx';
// The operator's site settings: the shell's chrome reads them on every page's first view, and remotes read the host's
// copy (mf-listings' /listings) instead of bundling their own.
export { siteSettings } from './site-settings.ts';
