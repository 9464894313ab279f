import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Ban, Check, CheckCheck, Lock, SearchX } from 'lucide-react';
import { MESSAGES_MESSAGES, relativeTime, type ConversationSummary, type Message } from '@cp/contracts';
import { Badge, Button, ConfirmButton, EmptyState, LoadingState, toast } from '@cp/ui';
import { isApiError, LoadError, serverErrorText } from '@cp/web-core';
import { ReportButton } from '@cp/web-core/moderation';
import { useLiveMessages } from '../api/live.ts';
import { useBlockUserMutation, useGetConversationQuery, useGetMessagesQuery, useMarkReadMutation, useSendMessageMutation, useUnblockUserMutation } from '../api/messages-api.ts';
import { Composer } from '../components/Composer.tsx';
import { MessageText } from '../components/MessageText.tsx';
import { SignedIn } from '../components/SignedIn.tsx';
import { Thumbnail } from '../components/Thumbnail.tsx';
import '../styles.css';

function BackToInbox() {
  return (
    <Link to="/messages" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      All messages
    </Link>
  );
}

function MessageBubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div className={`max-w-[85%] space-y-1 rounded-lg px-3 py-2 ${mine ? 'bg-primary text-primary-foreground' : 'border bg-card'}`}>
        <MessageText text={message.text} className="whitespace-pre-wrap break-words text-sm" />
        <p className={`flex items-center gap-1 text-xs ${mine ? 'justify-end text-primary-foreground' : 'text-muted-foreground'}`}>
          <time dateTime={message.createdAt}>{relativeTime(message.createdAt)}</time>
          {mine ? (
            message.readAt ? (
              <span className="inline-flex items-center gap-0.5">
                <CheckCheck className="h-3.5 w-3.5" aria-hidden="true" />
                Read
              </span>
            ) : (
              <span className="inline-flex items-center gap-0.5">
                <Check className="h-3.5 w-3.5" aria-hidden="true" />
                Sent
              </span>
            )
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** While the live stream is not open, the newest messages are asked for again this often while focused. */
export const NEWEST_REFRESH_MS = 60_000;

/**
 * One page of messages (oldest first); the oldest page loaded offers the page before it. The newest page is asked for
 * again when the live stream says the conversation changed (api/live.ts); every minute while it is not open.
 */
function MessagesChunk({ id, before, viewerId, isOldest, onOlder }: { id: string; before: string | null; viewerId: string; isOldest: boolean; onOlder: (cursor: string) => void }) {
  const live = useLiveMessages();
  const { data, isLoading, error, refetch } = useGetMessagesQuery({ id, before }, before === null && !live ? { pollingInterval: NEWEST_REFRESH_MS, skipPollingIfUnfocused: true } : {});
  if (isLoading) {
    return <LoadingState label="Loading messages…" bars={['h-12 w-2/3', 'ml-auto h-12 w-2/3']} className="space-y-2" />;
  }
  if (error || !data) return <LoadError title="The messages could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />;
  return (
    <>
      {isOldest && data.nextCursor ? (
        <div className="flex justify-center">
          <Button variant="outline" size="sm" onClick={() => onOlder(data.nextCursor!)}>
            Load earlier messages
          </Button>
        </div>
      ) : null}
      <ul className="space-y-2">
        {data.items.map((m) => (
          <MessageBubble key={m.id} message={m} mine={m.senderId === viewerId} />
        ))}
      </ul>
    </>
  );
}

function BlockAction({ conversation }: { conversation: ConversationSummary }) {
  const [block, blocking] = useBlockUserMutation();
  const [unblock, unblocking] = useUnblockUserMutation();
  const args = { userId: conversation.other.id, conversationId: conversation.id };
  const failed = (error: unknown) => toast({ title: 'Error', description: serverErrorText(error) ?? 'Please try again.', variant: 'destructive' });
  if (conversation.blockedByMe) {
    return (
      <Button
        variant="ghost"
        size="sm"
        disabled={unblocking.isLoading}
        onClick={() =>
          void unblock(args)
            .unwrap()
            .then(() => toast({ title: MESSAGES_MESSAGES.unblocked, variant: 'success' }), failed)
        }
      >
        <Ban aria-hidden="true" />
        Unblock {conversation.other.displayName}
      </Button>
    );
  }
  return (
    <ConfirmButton
      variant="ghost"
      disabled={blocking.isLoading}
      title={`Block ${conversation.other.displayName}?`}
      description="They will no longer be able to message you, about this listing or any other. They are not told. You can unblock them later."
      action="Block"
      destructive
      onConfirm={() =>
        void block(args)
          .unwrap()
          .then(() => toast({ title: MESSAGES_MESSAGES.blocked, variant: 'success' }), failed)
      }
    >
      <Ban aria-hidden="true" />
      Block user
    </ConfirmButton>
  );
}

function ConversationView({ conversation, viewerId }: { conversation: ConversationSummary; viewerId: string }) {
  const { id } = conversation;
  const [pages, setPages] = useState<Array<string | null>>([null]);
  const [send] = useSendMessageMutation();
  const [markRead] = useMarkReadMutation();
  // Opening the conversation reads the other person's messages, and so does a new message of theirs arriving while it
  // is open (the newest page, shared with its MessagesChunk, is asked for again every minute).
  // Once per unread message of theirs seen (or once for the summary's unread count when none is on the newest page).
  const newest = useGetMessagesQuery({ id, before: null });
  const unreadSeen = newest.data ? (newest.data.items.findLast((m) => m.senderId !== viewerId && m.readAt === null)?.id ?? (conversation.unread > 0 ? 'older' : null)) : null;
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (unreadSeen === null || marked.current === `${id}:${unreadSeen}`) return;
    marked.current = `${id}:${unreadSeen}`;
    void markRead(id);
  }, [id, unreadSeen, markRead]);
  const { listing, other } = conversation;
  return (
    <article className="space-y-4">
      <title>{`${other.displayName}: ${listing.title} | Messages`}</title>
      <header className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3">
        <Thumbnail url={listing.thumbnailUrl} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-bold tracking-tight">{other.displayName}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {listing.status === 'deleted' ? <span className="truncate">{listing.title}</span> : (
              <Link to={`/listing/${listing.id}`} className="truncate text-primary underline-offset-4 hover:underline">
                {listing.title}
              </Link>
            )}
            {listing.closed ? (
              <Badge variant="secondary" icon={Lock}>Closed</Badge>
            ) : null}
          </p>
        </div>
        <div className="flex items-center gap-1">
          <BlockAction conversation={conversation} />
          <ReportButton kind="conversation" itemId={id} authorId={other.id} />
        </div>
      </header>
      <section aria-label="Messages" className="space-y-2">
        {[...pages].reverse().map((before, i) => (
          <MessagesChunk key={before ?? 'newest'} id={id} before={before} viewerId={viewerId} isOldest={i === 0} onOlder={(cursor) => setPages((list) => (list.includes(cursor) ? list : [...list, cursor]))} />
        ))}
      </section>
      <Composer
        label={`Message ${other.displayName}`}
        disabledReason={listing.closed ? MESSAGES_MESSAGES.closed : undefined}
        onSend={async (text) => {
          await send({ id, text }).unwrap();
          // The newest page moves on by one message: with earlier pages loaded, start again from the newest (no gap).
          setPages((list) => (list.length > 1 ? [null] : list));
        }}
      />
    </article>
  );
}

function ConversationLoader({ id, viewerId }: { id: string; viewerId: string }) {
  const { data, isLoading, error, refetch } = useGetConversationQuery(id);
  if (isLoading) {
    return <LoadingState label="Loading the conversation…" bars={['h-20 w-full', 'h-12 w-2/3']} className="space-y-4" />;
  }
  if (isApiError(error) && (error.status === 404 || error.status === 400)) {
    return (
      <EmptyState
        headingLevel={1}
        icon={<SearchX />}
        title="Conversation Not Found"
        description="This conversation does not exist, or it is not yours."
        links={[{ to: '/messages', label: 'All messages', variant: 'outline' }]}
      />
    );
  }
  if (error || !data) return <LoadError title="The conversation could not be loaded" error={error} onRetry={() => void refetch()} />;
  return <ConversationView conversation={data} viewerId={viewerId} />;
}

/** /messages/:id (issue 23 §3): one conversation, its messages as text, the composer, Block and Report. */
export default function ConversationPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <BackToInbox />
      <SignedIn label="the conversation">{(user) => <ConversationLoader key={id} id={id} viewerId={user.id} />}</SignedIn>
    </div>
  );
}
