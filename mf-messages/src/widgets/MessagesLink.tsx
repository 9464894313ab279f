import { useEffect } from 'react';
import { Link } from 'react-router';
import { MessageSquare } from 'lucide-react';
import { useLiveConnected, useLiveMessages } from '../api/live.ts';
import { useGetUnreadCountQuery } from '../api/messages-api.ts';

/** While the live stream is not open, the badge asks again this often while the page is open. */
export const UNREAD_REFRESH_MS = 60_000;

/** "9+" past nine: the badge stays one small circle. */
export const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

/**
 * The header's Messages link with the unread badge (issue 23 §3), in the shell's `header-actions` slot: shown to
 * signed-in visitors after their page is interactive. It keeps the tab's live stream open (api/live.ts): the count
 * (GET /api/messages/unread-count) is asked again when a message arrives or is read, and whenever the window gets the
 * focus back; every minute while the stream is not open. Always the size of an icon button, so the header does not move when the count
 * arrives.
 */
export default function MessagesLink() {
  useLiveMessages();
  const live = useLiveConnected();
  const { data, refetch } = useGetUnreadCountQuery(undefined, { pollingInterval: live ? 0 : UNREAD_REFRESH_MS, skipPollingIfUnfocused: true });
  useEffect(() => {
    const again = () => {
      if (document.visibilityState !== 'hidden') void refetch();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [refetch]);
  const unread = data?.unread ?? 0;
  return (
    <Link
      to="/messages"
      aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <MessageSquare className="h-5 w-5" aria-hidden="true" />
      {unread > 0 ? (
        <span data-testid="unread-badge" aria-hidden="true" className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold leading-none text-destructive-foreground">
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
