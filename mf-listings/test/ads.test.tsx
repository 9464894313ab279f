/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { PAGE_VIEW_ID_PATTERN, type Advertisement } from '@cp/contracts';
import { createAppStore } from '@cp/web-core';
import { homeLargeAds, safeHttpUrl, sidebarAds } from '../src/ads/ad-rules.ts';
import { pageViewId } from '../src/ads/ads-api.ts';
import { SidebarAd } from '../src/widgets/SidebarAd.tsx';
import { SponsoredAds } from '../src/widgets/SponsoredAds.tsx';
import { fakeSite } from '../../packages/web-core/test/support/fake-site.ts';

let n = 0;
function ad(overrides: Partial<Advertisement> = {}): Advertisement {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Ad ${n}`,
    description: `Description of ad ${n}`,
    imageUrl: null,
    ctaText: 'Visit',
    ctaUrl: `https://sponsor${n}.example`,
    placement: 'homepage-top',
    size: 'small',
    pricingTier: 'banner',
    status: 'active',
    impressions: 0,
    clicks: 0,
    impressionsFiltered: 0,
    clicksFiltered: 0,
    startDate: null,
    endDate: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

// ---------------------------------------------------------------- a controllable IntersectionObserver

const observers = new Set<FakeObserver>();
class FakeObserver {
  readonly targets = new Set<Element>();
  readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    observers.add(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  takeRecords() {
    return [];
  }
}
/** Puts every observed element at `ratio` on screen. */
function onScreen(ratio: number) {
  for (const o of [...observers]) {
    const entries = [...o.targets].map((target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as unknown as IntersectionObserverEntry);
    if (entries.length) o.callback(entries, o as unknown as IntersectionObserver);
  }
}

// ---------------------------------------------------------------- the API

const calls: string[] = [];
let served: Advertisement[] = [];
function mockApi() {
  fakeSite((req, url) => [req.method === 'POST' ? 202 : 200, url.pathname === '/api/advertisements' ? served : { counted: true }], calls);
}
const events = (kind: 'impression' | 'click') => calls.filter((c) => c.startsWith('POST') && c.split('?')[0]!.endsWith(`/${kind}`));

let reducedMotion = false;
beforeEach(() => {
  jest.useFakeTimers();
  observers.clear();
  reducedMotion = false;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  window.matchMedia = ((query: string) => ({ matches: query.includes('reduce') && reducedMotion, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
  mockApi();
});
afterEach(() => {
  jest.useRealTimers();
});

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}
async function renderWidget(element: React.ReactElement, ads: Advertisement[]) {
  served = ads;
  await act(async () => {
    render(
      <Provider store={createAppStore()}>
        <MemoryRouter>{element}</MemoryRouter>
      </Provider>,
    );
  });
  // The answer, and the store's batched notifications (timers: fake here), until the widget shows it.
  for (let i = 0; i < 20 && screen.queryByRole('status'); i += 1) await advance(1);
}
const shown = () => screen.getByRole('group').getAttribute('aria-label');
/** `ms` later, the carousel shows `slide` (e.g. '2 of 3'). */
async function shownAfter(ms: number, slide: string) {
  await advance(ms);
  expect(shown()).toBe(slide);
}
/** Keyboard focus: jsdom's :focus-visible matches any focused control, as a browser's does after Tab. */
function tabTo(el: HTMLElement) {
  act(() => el.focus());
}
/**
 * A mouse click as Chrome and Firefox do it: the button gets the focus, but not :focus-visible (jsdom has no input
 * modality, so the clicked button answers :focus-visible as those browsers do).
 */
function clickWithMouse(el: HTMLElement) {
  const matches = el.matches.bind(el);
  el.matches = (selector: string) => (selector === ':focus-visible' ? false : matches(selector));
  act(() => el.focus());
  fireEvent.click(el);
}

describe('which ads go where', () => {
  it('home large ads: active, large, homepage-top or -middle, at most 12', () => {
    const large = Array.from({ length: 14 }, (_, i) => ad({ size: 'large', placement: i % 2 ? 'homepage-middle' : 'homepage-top' }));
    const others = [ad({ size: 'large', status: 'paused' }), ad({ size: 'large', placement: 'category-top' }), ad({ size: 'small' })];
    const chosen = homeLargeAds([...others, ...large]);
    expect(chosen).toHaveLength(12);
    expect(chosen.every((a) => a.size === 'large' && a.status === 'active')).toBe(true);
  });

  it('the sidebar: small ads of the home placements, else the large ones', () => {
    const small = ad({ size: 'small' });
    const large = ad({ size: 'large' });
    expect(sidebarAds([large, small, ad({ size: 'small', placement: 'category-top' })])).toEqual([small]);
    expect(sidebarAds([large])).toEqual([large]);
  });

  it('links only http(s) (or an image stored here)', () => {
    expect(safeHttpUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,x')).toBeNull();
    expect(safeHttpUrl('/uploads/img/a.webp')).toBe('/uploads/img/a.webp');
    expect(safeHttpUrl('//evil.example/x')).toBe('https://evil.example/x');
  });
});

describe('the carousel', () => {
  it('turns every 5 s with at least 2 ads; one ad never turns', async () => {
    await renderWidget(<SidebarAd />, [ad(), ad(), ad()]);
    expect(shown()).toBe('1 of 3');
    await shownAfter(4_999, '1 of 3');
    await shownAfter(1, '2 of 3');
    await shownAfter(5_000, '3 of 3');
    await shownAfter(5_000, '1 of 3');
  });

  it('a single ad: no controls, no turning', async () => {
    await renderWidget(<SidebarAd />, [ad()]);
    await shownAfter(20_000, '1 of 1');
    expect(screen.queryByRole('button', { name: 'Next ad' })).toBeNull();
  });

  it('pauses while hovered and while keyboard focus is inside', async () => {
    await renderWidget(<SidebarAd />, [ad(), ad()]);
    const carousel = screen.getByRole('region', { name: 'Sponsored ad' });
    fireEvent.mouseEnter(carousel);
    await shownAfter(12_000, '1 of 2');
    fireEvent.mouseLeave(carousel);
    await shownAfter(5_000, '2 of 2');
    tabTo(screen.getByRole('button', { name: 'Next ad' }));
    await shownAfter(12_000, '2 of 2');
    tabTo(screen.getByRole('button', { name: 'Previous ad' })); // still inside: still held
    await shownAfter(12_000, '2 of 2');
    act(() => (document.activeElement as HTMLElement).blur());
    await shownAfter(5_000, '1 of 2');
  });

  it('a manual previous/next pauses the turning for 10 s, though the clicked button keeps the focus', async () => {
    await renderWidget(<SidebarAd />, [ad(), ad(), ad()]);
    const next = screen.getByRole('button', { name: 'Next ad' });
    clickWithMouse(next);
    expect(document.activeElement).toBe(next);
    expect(shown()).toBe('2 of 3');
    await shownAfter(9_999, '2 of 3');
    await shownAfter(1, '3 of 3');
    expect(document.activeElement).toBe(next);
    await shownAfter(5_000, '1 of 3'); // back to the 5 s rhythm
    clickWithMouse(screen.getByRole('button', { name: 'Previous ad' }));
    expect(shown()).toBe('3 of 3');
    await shownAfter(10_000, '1 of 3');
  });

  it('a click after tabbing in: the 10 s pause of a click, not the hold of keyboard focus', async () => {
    await renderWidget(<SidebarAd />, [ad(), ad(), ad()]);
    tabTo(screen.getByRole('button', { name: 'Next ad' }));
    await shownAfter(12_000, '1 of 3');
    clickWithMouse(screen.getByRole('button', { name: 'Previous ad' }));
    expect(shown()).toBe('3 of 3');
    await shownAfter(9_999, '3 of 3');
    await shownAfter(1, '1 of 3');
  });

  it('never turns by itself under prefers-reduced-motion; the visitor can start it', async () => {
    reducedMotion = true;
    await renderWidget(<SidebarAd />, [ad(), ad()]);
    await shownAfter(30_000, '1 of 2');
    clickWithMouse(screen.getByRole('button', { name: 'Start rotating the ads' }));
    await shownAfter(5_000, '2 of 2');
    clickWithMouse(screen.getByRole('button', { name: 'Stop rotating the ads' }));
    await shownAfter(10_000, '2 of 2');
  });

  it('without ads: a card about advertising, the same size', async () => {
    await renderWidget(<SidebarAd />, []);
    expect(screen.getByRole('link', { name: 'Advertise with us' }).getAttribute('href')).toBe('/contact?subject=Advertising%20inquiry');
  });
});

describe('impressions and clicks', () => {
  it('one impression per show: half on screen for 1 s; a re-render is not a new show; leaving early counts nothing', async () => {
    await renderWidget(<SidebarAd />, [ad({ title: 'Only one' })]);
    onScreen(0.4); // less than half
    await advance(2_000);
    expect(events('impression')).toHaveLength(0);
    onScreen(0.6);
    await advance(500);
    onScreen(0); // gone before the second
    await advance(2_000);
    expect(events('impression')).toHaveLength(0);
    onScreen(0.6);
    await advance(1_000);
    expect(events('impression')).toHaveLength(1);
    onScreen(1);
    await advance(5_000);
    onScreen(0.6);
    await advance(5_000);
    expect(events('impression')).toHaveLength(1);
  });

  it('each slide the carousel shows is a show of its own', async () => {
    const [a, b] = [ad(), ad()];
    await renderWidget(<SidebarAd />, [a!, b!]);
    onScreen(1);
    await advance(1_000);
    const view = pageViewId();
    expect(view).toMatch(PAGE_VIEW_ID_PATTERN);
    expect(events('impression')).toEqual([`POST /api/advertisements/${a!.id}/impression?view=${view}`]);
    await advance(4_000); // the turn to b
    onScreen(1);
    await advance(1_000);
    // The same page view: the service counts each ad once per visitor and page view.
    expect(events('impression').at(-1)).toBe(`POST /api/advertisements/${b!.id}/impression?view=${view}`);
    expect(events('impression')).toHaveLength(2);
  });

  it('a click sends a click and opens the ad in a new tab', async () => {
    const one = ad({ ctaText: 'Book now', ctaUrl: 'https://sponsor.example/offer' });
    await renderWidget(<SidebarAd />, [one]);
    const link = screen.getByRole('link', { name: /Book now/ });
    expect(link.getAttribute('href')).toBe('https://sponsor.example/offer');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(link);
    await flush();
    expect(events('click')).toEqual([`POST /api/advertisements/${one.id}/click`]);
  });

  it('an ad with a javascript: link shows no link', async () => {
    await renderWidget(<SidebarAd />, [ad({ ctaText: 'Evil', ctaUrl: 'javascript:alert(1)' })]);
    expect(screen.queryByRole('link', { name: /Evil/ })).toBeNull();
  });
});

describe('home sponsored ads', () => {
  it('shows the large ads; with none, nothing at all', async () => {
    await renderWidget(<SponsoredAds />, [ad({ size: 'large', title: 'Big sale' }), ad({ size: 'small', title: 'Small one' })]);
    expect(screen.getByRole('heading', { name: 'Sponsored' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Big sale' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Small one' })).toBeNull();
  });

  it('renders nothing without large ads', async () => {
    await renderWidget(<SponsoredAds />, [ad({ size: 'small' })]);
    expect(screen.queryByRole('heading', { name: 'Sponsored' })).toBeNull();
  });
});
