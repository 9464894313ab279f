import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@cp/web-core';
import { RemoteFailure, SectionSkeleton } from '../mf/RemoteBoundary.tsx';
import { AnnouncementStrip } from './AnnouncementStrip.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import { ScrollRestoration } from './ScrollRestoration.tsx';
import { WelcomeBanner } from './WelcomeBanner.tsx';

/**
 * The chrome around every page (spec §1): banner, sticky header, announcements, footer, mobile bottom bar. The main area
 * is at least as tall as the screen, so the footer always starts below the fold: whatever a page shows while it loads
 * (a skeleton, then the page; a short page or a long one), the footer never moves on screen (no layout shift).
 */
export function Layout() {
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      <WelcomeBanner />
      <Header />
      <AnnouncementStrip />
      <main id="main" tabIndex={-1} className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        <ErrorBoundary resetKey={location.pathname} fallback={({ reset }) => <RemoteFailure reset={reset} />}>
          <Suspense fallback={<SectionSkeleton label="Loading page…" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <MobileBottomBar />
      <ScrollRestoration />
    </div>
  );
}
