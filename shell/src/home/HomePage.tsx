import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Button } from '@cp/ui';
import { HOME_SLOTS, type HomeSlot } from '@cp/web-core/contract';
import { RemoteBoundary, SectionSkeleton } from '../mf/RemoteBoundary.tsx';
import { useRemotes } from '../mf/RemotesContext.tsx';
import { SITE_NAME } from '../site.ts';
import { ContactBlock } from './ContactBlock.tsx';
import { BusinessesEmpty, DefaultHero, ForumEmpty } from './defaults.tsx';
import { NewsletterSignup } from './NewsletterSignup.tsx';

/**
 * What the shell shows in a slot that no remote fills: the real empty state of a vertical that is not there yet, or the
 * shell's own widget (newsletter, contact). Sponsored ads show nothing when there are none.
 */
const SLOT_DEFAULTS: Partial<Record<HomeSlot, ComponentType>> = {
  hero: DefaultHero,
  forum: ForumEmpty,
  'featured-businesses': BusinessesEmpty,
  newsletter: NewsletterSignup,
  contact: ContactBlock,
};

/** Slots worth a skeleton while the remotes load (the first screen). */
const SKELETON_SLOTS = new Set<HomeSlot>(['hero', 'categories', 'featured-listings', 'recent-listings']);

function Slot({ slot }: { slot: HomeSlot }) {
  const { widgets, phase } = useRemotes();
  const filled = widgets.filter((w) => w.slot === slot);
  if (filled.length > 0) {
    return (
      <>
        {filled.map(({ id, Component }) => (
          <RemoteBoundary key={id} compact fallback={<SectionSkeleton />}>
            <Component />
          </RemoteBoundary>
        ))}
      </>
    );
  }
  if (phase === 'loading' && SKELETON_SLOTS.has(slot)) return <SectionSkeleton label={slot === 'hero' ? 'Loading…' : 'Loading section…'} className={slot === 'hero' ? 'space-y-3 py-10' : undefined} />;
  const Default = SLOT_DEFAULTS[slot];
  return Default ? <Default /> : null;
}

/**
 * Renders a slot below the first screen only when it comes near the viewport, so its code and its data (forum posts,
 * businesses, ads) do not compete with the first view. Without IntersectionObserver (old browsers, tests) at once.
 */
function DeferredSlot({ slot }: { slot: HomeSlot }) {
  const { phase } = useRemotes();
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Measured once the first screen's sections have their place (while they load, everything looks near).
    if (near || phase === 'loading' || !ref.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '300px 0px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, phase]);
  if (near) return <Slot slot={slot} />;
  return <div ref={ref} className="min-h-64" aria-hidden="true" />;
}

const MAIN_SLOTS = HOME_SLOTS.filter((s) => s !== 'hero' && s !== 'sidebar-ad');

/** The home page (spec §2 Home), composed from the widgets the remotes expose. */
export function HomePage() {
  const { widgets, remotes, retry } = useRemotes();
  const failed = remotes.filter((r) => r.status === 'failed');
  const hasSidebar = widgets.some((w) => w.slot === 'sidebar-ad');
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
      <Slot slot="hero" />
      <div className={hasSidebar ? 'mt-8 grid gap-8 lg:grid-cols-[1fr_300px]' : 'mt-8'}>
        {hasSidebar ? (
          <aside aria-label="Sponsored" className="lg:order-2">
            <div className="lg:sticky lg:top-24">
              <Slot slot="sidebar-ad" />
            </div>
          </aside>
        ) : null}
        <div className="space-y-12 lg:order-1">
          {MAIN_SLOTS.map((slot) => (SKELETON_SLOTS.has(slot) ? <Slot key={slot} slot={slot} /> : <DeferredSlot key={slot} slot={slot} />))}
        </div>
      </div>
    </>
  );
}
