import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Bell, MessageSquare } from 'lucide-react';
import { checkHeaderLinks } from '@cp/contracts/header-links';
import type { HeaderLink, HeaderLinkIcon, HeaderSlot } from '@cp/contracts/mf-metadata';
import { useLiveStream } from '@cp/web-core/live-stream';
import { useRemotes } from '../mf/RemotesContext.tsx';

/** While a link's live stream is not open, its count is asked again this often (and on focus, and on navigation). */
export const HEADER_COUNT_REFRESH_MS = 60_000;

/** "9+" past nine: the badge stays one small circle. */
export const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

const ICONS: Record<HeaderLinkIcon, typeof Bell> = { 'message-square': MessageSquare, bell: Bell };

/**
 * A header slot (issue 23; issue 20 §7): the links the remotes declare in their registry metadata (`headerLinks`), e.g.
 * mf-messages' Messages link with its unread badge. The shell draws them itself, so a signed-in page loads no remote
 * container for its header. Its own chunk, rendered by the header only for a signed-in visitor once the page is
 * interactive: never on a first view's critical path. A remote whose links are invalid is left out (and reported).
 */
export default function HeaderLinks({ slot }: { slot: HeaderSlot }) {
  const { remotes } = useRemotes();
  const links = useMemo(() => {
    const found: HeaderLink[] = [];
    for (const remote of remotes) {
      if (!remote.metadataKnown || remote.headerLinks === undefined) continue;
      const checked = checkHeaderLinks(remote.headerLinks, remote.routes);
      if (checked.ok) found.push(...checked.links.filter((l) => l.slot === slot));
      else reportOnce(`registry: invalid header links of ${remote.name} (${checked.error}): left out`);
    }
    return found;
  }, [remotes, slot]);
  return links.map((link) => <CountLink key={link.id} link={link} />);
}

const reported = new Set<string>();
function reportOnce(message: string): void {
  if (reported.has(message)) return;
  reported.add(message);
  console.warn(message);
}

/** The count a link's `count.url` answers (its `count.field`), or undefined when the answer has none. */
async function fetchCount(count: { url: string; field: string }, signal: AbortSignal): Promise<number | undefined> {
  const response = await fetch(count.url, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal });
  if (!response.ok) return undefined;
  const value = ((await response.json()) as Record<string, unknown> | null)?.[count.field];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * One header link, always the size of an icon button (the header does not move when the count arrives). Its count is
 * asked for when it mounts, on each of its live stream's events (a stream's "ready" event among them refreshes it on
 * every (re)connection), when the window gets the focus back, and — while the stream is not open — every minute and
 * on each navigation (so a message read on the remote's page clears the badge). A count that cannot be read leaves
 * the last one shown.
 */
function CountLink({ link }: { link: HeaderLink }) {
  const { count } = link;
  const [value, setValue] = useState(0);
  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  const live = useLiveStream(count ? link.live?.url : undefined, link.live?.events ?? [], refresh);
  const { pathname } = useLocation();
  const url = count?.url;
  const field = count?.field;

  useEffect(() => {
    if (!url || !field) return undefined;
    const controller = new AbortController();
    fetchCount({ url, field }, controller.signal).then(
      (n) => {
        if (n !== undefined) setValue(n);
      },
      () => undefined, // offline, aborted: the next ask tries again
    );
    return () => controller.abort();
  }, [url, field, asked]);

  // A navigation asks again while no stream tells what changed (not on the first render: the mount asked already).
  const seenPath = useRef(pathname);
  useEffect(() => {
    if (seenPath.current === pathname) return;
    seenPath.current = pathname;
    if (!live) refresh();
  }, [pathname, live, refresh]);

  useEffect(() => {
    if (!url) return undefined;
    const again = () => {
      if (document.visibilityState !== 'hidden') refresh();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    const timer = live ? undefined : setInterval(again, HEADER_COUNT_REFRESH_MS);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
      if (timer) clearInterval(timer);
    };
  }, [url, live, refresh]);

  const Icon = ICONS[link.icon];
  const shown = count && value > 0 ? value : 0;
  return (
    <Link
      to={link.to}
      aria-label={shown > 0 ? `${link.label}, ${shown} ${count!.noun}` : link.label}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
      {shown > 0 ? (
        <span
          data-testid={`header-count-${link.id}`}
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold leading-none text-destructive-foreground"
        >
          {badgeText(shown)}
        </span>
      ) : null}
    </Link>
  );
}
