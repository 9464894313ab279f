import { useState } from 'react';
import { Link } from 'react-router';
import { Inbox, Lock } from 'lucide-react';
import { relativeTime, type ConversationSummary } from '@cp/contracts';
import { Badge, Button, EmptyState, LoadingState } from '@cp/ui';
import { LoadError } from '@cp/web-core';
import { useGetConversationsQuery } from '../api/messages-api.ts';
import { SignedIn } from '../components/SignedIn.tsx';
import { Thumbnail } from '../components/Thumbnail.tsx';
import '../styles.css';

function ConversationRow({ conversation: c, viewerId }: { conversation: ConversationSummary; viewerId: string }) {
  const last = c.lastMessage;
  return (
    <li>
      <Link to={`/messages/${c.id}`} className="flex items-center gap-3 rounded-lg border bg-card p-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Thumbnail url={c.listing.thumbnailUrl} />
        <span className="min-w-0 flex-1 space-y-0.5">
          <span className="flex flex-wrap items-center gap-x-2">
            <span className="truncate font-medium">{c.other.displayName}</span>
            <span className="text-xs text-muted-foreground">{relativeTime(c.updatedAt)}</span>
            {c.listing.closed ? (
              <Badge variant="secondary" icon={Lock}>Closed</Badge>
            ) : null}
          </span>
          <span className="block truncate text-sm text-muted-foreground">{c.listing.title}</span>
          {last ? (
            <span className={`block truncate text-sm ${c.unread > 0 ? 'font-semibold' : ''}`}>
              {last.senderId === viewerId ? 'You: ' : ''}
              {last.text}
            </span>
          ) : null}
        </span>
        {c.unread > 0 ? (
          <Badge aria-label={`${c.unread} unread`} className="shrink-0">
            {c.unread}
          </Badge>
        ) : null}
      </Link>
    </li>
  );
}

/** One page of the inbox; the last page loaded offers "Load more" while there is a next one. */
function InboxChunk({ cursor, viewerId, isLast, onMore }: { cursor: string | null; viewerId: string; isLast: boolean; onMore: (cursor: string) => void }) {
  const { data, isLoading, error, refetch } = useGetConversationsQuery(cursor);
  if (isLoading) {
    return <LoadingState label="Loading conversations…" bars={['h-20 w-full', 'h-20 w-full']} className="space-y-3" />;
  }
  if (error || !data) return <LoadError title="Your messages could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={2} />;
  if (cursor === null && data.items.length === 0) {
    return <EmptyState headingLevel={2} icon={<Inbox />} title="No messages yet" description="When you message someone about a listing, or someone messages you about yours, the conversation appears here." />;
  }
  return (
    <>
      <ul className="space-y-2">
        {data.items.map((c) => (
          <ConversationRow key={c.id} conversation={c} viewerId={viewerId} />
        ))}
      </ul>
      {isLast && data.nextCursor ? (
        <div className="flex justify-center pt-2">
          <Button variant="outline" onClick={() => onMore(data.nextCursor!)}>
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}

function InboxList({ viewerId }: { viewerId: string }) {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  return (
    <div className="space-y-2">
      {cursors.map((cursor, i) => (
        <InboxChunk key={cursor ?? 'first'} cursor={cursor} viewerId={viewerId} isLast={i === cursors.length - 1} onMore={(next) => setCursors((list) => (list.includes(next) ? list : [...list, next]))} />
      ))}
    </div>
  );
}

/** /messages (issue 23 §3): the signed-in person's conversations, newest activity first. */
export default function InboxPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Messages | Central PA Desi Community</title>
      <h1 className="text-3xl font-bold tracking-tight">Messages</h1>
      <SignedIn label="your messages">{(user) => <InboxList viewerId={user.id} />}</SignedIn>
    </div>
  );
}
