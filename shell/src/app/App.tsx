import { lazy } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '@cp/ui';
import type { AppStore } from '@cp/web-core';
import { Layout } from '../chrome/Layout.tsx';
import { RemotesProvider } from '../mf/RemotesContext.tsx';
import type { RemotesController } from '../mf/remotes.ts';
import { HomePage } from '../home/HomePage.tsx';
import { RemoteRoutes } from './RemoteRoutes.tsx';
import { RouteError } from './RouteError.tsx';

const AuthPage = lazy(() => import('../pages/AuthPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../pages/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('../pages/ResetPasswordPage.tsx'));
const ContactPage = lazy(() => import('../pages/ContactPage.tsx'));
const AboutPage = lazy(() => import('../pages/AboutPage.tsx'));
const TermsPage = lazy(() => import('../pages/TermsPage.tsx'));

/** The shell's routes; every other path goes to the remotes' routes (RemoteRoutes) and finally to the 404 page. */
export const shellRoutes: RouteObject[] = [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <HomePage /> },
        { path: 'auth', element: <AuthPage /> },
        { path: 'forgot-password', element: <ForgotPasswordPage /> },
        { path: 'reset-password', element: <ResetPasswordPage /> },
        { path: 'contact', element: <ContactPage /> },
        { path: 'about', element: <AboutPage /> },
        { path: 'terms', element: <TermsPage /> },
        { path: '*', element: <RemoteRoutes /> },
      ],
    },
];

export function createRouter() {
  return createBrowserRouter(shellRoutes);
}

export type AppRouter = ReturnType<typeof createRouter>;

export function App({ store, remotes, router }: { store: AppStore; remotes: RemotesController; router: AppRouter }) {
  return (
    <Provider store={store}>
      <RemotesProvider controller={remotes}>
        <RouterProvider router={router} />
        <Toaster />
      </RemotesProvider>
    </Provider>
  );
}
