import { matchPath } from 'react-router';
import { lazyPage, type PreloadableComponent } from '@cp/web-core/contract';

/**
 * The shell's own pages but home (HOME_PAGE), each its own chunk (nothing of them on home's first view), by path. The first
 * view's page is fetched before the server's markup is hydrated (preloadShellPage), like the remotes' pages.
 */
export const SHELL_PAGES: Readonly<Record<string, PreloadableComponent>> = {
  auth: lazyPage(() => import('../pages/AuthPage.tsx')),
  'forgot-password': lazyPage(() => import('../pages/ForgotPasswordPage.tsx')),
  'reset-password': lazyPage(() => import('../pages/ResetPasswordPage.tsx')),
  'verify-email': lazyPage(() => import('../pages/VerifyEmailPage.tsx')),
  contact: lazyPage(() => import('../pages/ContactPage.tsx')),
  about: lazyPage(() => import('../pages/AboutPage.tsx')),
  terms: lazyPage(() => import('../pages/TermsPage.tsx')),
  // The newsletter mails' links.
  'newsletter/confirm': lazyPage(() => import('../pages/NewsletterLinks.tsx').then((m) => ({ default: m.NewsletterConfirmPage }))),
  'newsletter/unsubscribe': lazyPage(() => import('../pages/NewsletterLinks.tsx').then((m) => ({ default: m.NewsletterUnsubscribePage }))),
};

/**
 * The home page (spec §2 Home), a chunk of its own too: the other pages do not carry its sections' layout. Home's first
 * view fetches it before hydration like any other page.
 */
export const HOME_PAGE: PreloadableComponent = lazyPage(() => import('../home/HomePage.tsx').then((m) => ({ default: m.HomePage })));

/** Fetches the code of the shell's page at this path, if it is one (a failure is the page's own, when it renders). */
export function preloadShellPage(pathname: string): Promise<void> {
  const path = Object.keys(SHELL_PAGES).find((p) => matchPath({ path: `/${p}`, end: true }, pathname));
  const page = matchPath({ path: '/', end: true }, pathname) ? HOME_PAGE : path ? SHELL_PAGES[path] : undefined;
  return page ? page.preload().catch(() => undefined) : Promise.resolve();
}

