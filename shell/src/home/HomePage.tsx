import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Button, Skeleton } from '@cp/ui';
import { FIRST_SCREEN_SLOTS } from '@cp/contracts/mf-metadata';
import { HOME_SLOTS, type HomeSlot } from '@cp/web-core/contract';
import { RemoteBoundary, SectionSkeleton } from '../mf/RemoteBoundary.tsx';
import { useRemotes, useRemotesController } from '../mf/RemotesContext.tsx';
import { isPending, slotOwners, type RemotesSnapshot } from '../mf/remotes.ts';
import { SITE_NAME } from '../site.ts';
import { DefaultHero } from './defaults.tsx';

// The shell's own sections below the first screen: their code loads when they come near the viewport.
const NewsletterSignup = lazy(() => import('./NewsletterSignup.tsx').then((m) => ({ default: m.NewsletterSignup })));
const ContactBlock = lazy(() => import('./ContactBlock.tsx').then((m) => ({ default: m.ContactBlock })));
const ForumUnavailable = lazy(() => import('./unavailable.tsx').then((m) => ({ default: m.ForumUnavailable })));
const BusinessesUnavailable = lazy(() => import('./unavailable.tsx').then((m) => ({ default: m.BusinessesUnavailable })));

/**
 * What the shell shows in a slot that no remote fills: for the forum and the businesses, that the area could not be
 * loaded (their remote is not in the registry: unavailable.tsx), or the shell's own widget (newsletter, contact).
 * Sponsored ads show nothing when there are none.
 */
const SLOT_DEFAULTS: Partial<Record<HomeSlot, ComponentType>> = {
  hero: DefaultHero,
  forum: ForumUnavailable,
  'featured-businesses': BusinessesUnavailable,
  newsletter: NewsletterSignup,
  contact: ContactBlock,
};

/** The first screen's slots: rendered (and their remotes loaded) at once, with a skeleton while they load. */
const FIRST_SCREEN = new Set<HomeSlot>(FIRST_SCREEN_SLOTS);

/** Whether a slot is still waiting: the registry, or a remote that fills it. */
function slotPending(snapshot: RemotesSnapshot, slot: HomeSlot): boolean {
  return snapshot.phase === 'loading' || slotOwners(snapshot, slot).some((r) => isPending(r.widgetsLoad));
}

/**
 * Renders a slot: loads the remotes that fill it (from the registry's metadata), then their widgets or the default. A
 * first-screen slot's lazy widgets suspend to the first screen's own boundary (HomePage), not a skeleton of their own.
 */
function Slot({ slot }: { slot: HomeSlot }) {
  const controller = useRemotesController();
  const snapshot = useRemotes();
  useEffect(() => {
    void controller.loadWidgetsFor(slot);
  }, [controller, slot]);
  const filled = snapshot.widgets.filter((w) => w.slot === slot);
  if (filled.length > 0) {
    return (
      <>
        {filled.map(({ id, Component, remote }) => (
          <RemoteBoundary key={id} remote={remote} compact fallback={FIRST_SCREEN.has(slot) ? null : <SectionSkeleton />}>
            <Component />
          </RemoteBoundary>
        ))}
      </>
    );
  }
  // A skeleton while a remote that fills it loads (HomePage renders the first screen's slots once theirs have answered).
  if (slotPending(snapshot, slot)) return <SectionSkeleton label="Loading section…" />;
  const Default = SLOT_DEFAULTS[slot];
  return Default ? (
    <Suspense fallback={<SectionSkeleton />}>
      <Default />
    </Suspense>
  ) : null;
}

/**
 * Renders a slot below the first screen only when it comes near the viewport, so its remote (code) and its data
 * (forum posts, businesses, ads) do not compete with the first view: a remote that only fills such slots is not even
 * loaded before. Without IntersectionObserver (old browsers, tests) right after the first render.
 */
function DeferredSlot({ slot }: { slot: HomeSlot }) {
  // Rendered (and measured) only once the first screen's sections have their place (HomePage). Never near on the
  // first render, the server's included (issue 20: the browser's first render must be the server's markup).
  const [near, setNear] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // A slot that no remote fills and the shell has nothing for (a team's section not deployed yet) takes no room: its
  // placeholder would only collapse when scrolled near. Decided from the same snapshot on the server and in hydration.
  const snapshot = useRemotes();
  const empty = snapshot.phase === 'ready' && !SLOT_DEFAULTS[slot] && slotOwners(snapshot, slot).length === 0;
  useEffect(() => {
    if (near || empty || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '300px 0px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, empty]);
  if (empty) return null;
  if (near) return <Slot slot={slot} />;
  return <div ref={ref} className="min-h-64" aria-hidden="true" />;
}

const MAIN_SLOTS = HOME_SLOTS.filter((s) => s !== 'hero' && s !== 'sidebar-ad');

/**
 * The first screen while its sections load: one placeholder at least as tall as the screen. The sections then replace
 * it whole, so nothing already on screen moves (no layout shift: the footer was below the fold, and nothing below the
 * hero was laid out against a skeleton of another height).
 */
function FirstScreenSkeleton() {
  return (
    <div role="status" aria-live="polite" className="min-h-screen space-y-8">
      <span className="sr-only">Loading…</span>
      <div className="space-y-4 rounded-xl bg-muted/40 px-4 py-12">
        <Skeleton className="mx-auto h-10 w-3/4 max-w-xl" />
        <Skeleton className="mx-auto h-4 w-2/3 max-w-2xl" />
        <Skeleton className="mx-auto h-12 w-full max-w-xl" />
      </div>
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** The home page (spec §2 Home), composed from the widgets the remotes expose. */
export function HomePage() {
  const controller = useRemotesController();
  const snapshot = useRemotes();
  useEffect(() => {
    void controller.loadFirstView('/');
  }, [controller]);
  const { remotes, retry } = snapshot;
  // Only the remotes this page asked for can fail here (their ./widgets); the others are not loaded at all. A remote
  // that fills only header slots is not this page's (the header leaves its slot empty).
  const failed = remotes.filter((r) => r.widgetsLoad.status === 'failed' && (!r.metadataKnown || r.slots.length > 0 || r.postAdPanel));
  // The first screen renders once all of its remotes have answered (loaded or failed); their widgets' code then
  // suspends to one boundary, so the first screen appears whole.
  const firstScreenPending = FIRST_SCREEN_SLOTS.some((s) => slotPending(snapshot, s));
  const hasSidebar = snapshot.widgets.some((w) => w.slot === 'sidebar-ad') || (snapshot.phase === 'ready' && slotOwners(snapshot, 'sidebar-ad').some((r) => r.metadataKnown));
  return (
    <>
      <title>{`${SITE_NAME} | Classifieds, Forum & Local Businesses`}</title>
      {failed.length > 0 ? (
        <div role="alert" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
          <span>Some sections of this page could not be loaded. The rest of the site works.</span>
          <Button size="sm" variant="outline" onClick={() => void retry()}>
            Try again
          </Button>
        </div>
      ) : null}
      {firstScreenPending ? (
        <FirstScreenSkeleton />
      ) : (
        <Suspense fallback={<FirstScreenSkeleton />}>
          <Slot slot="hero" />
          <div className={hasSidebar ? 'mt-8 grid gap-8 lg:grid-cols-[1fr_300px]' : 'mt-8'}>
            {hasSidebar ? (
              // On phones the aside is above the content: its fixed height (the ad widget's) keeps what follows in place.
              <aside aria-label="Sponsored" className="h-72 overflow-hidden lg:order-2 lg:h-auto lg:overflow-visible">
                <div className="lg:sticky lg:top-24">
                  <DeferredSlot slot="sidebar-ad" />
                </div>
              </aside>
            ) : null}
            <div className="space-y-12 lg:order-1">
              {MAIN_SLOTS.map((slot) => (FIRST_SCREEN.has(slot) ? <Slot key={slot} slot={slot} /> : <DeferredSlot key={slot} slot={slot} />))}
            </div>
          </div>
        </Suspense>
      )}
    </>
  );
}
