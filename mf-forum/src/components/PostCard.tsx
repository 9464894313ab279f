import { Link } from 'react-router';
import { Eye, MessageSquare } from 'lucide-react';
import { relativeTime, type ForumPost } from '@cp/contracts';
import { Badge, Card, CardsLoadingState } from '@cp/ui';
import { initials } from '../lib/posts.ts';

export function Avatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground ${size === 'sm' ? 'h-8 w-8 text-xs' : 'h-10 w-10 text-sm'}`}
    >
      {initials(name) || '?'}
    </span>
  );
}

/** A post's replies and views, each with its icon: the card's and the post page's. */
export function PostCounts({ post, iconClassName }: { post: ForumPost; iconClassName: string }) {
  return (
    <>
      <span className="flex items-center gap-1">
        <MessageSquare className={iconClassName} aria-hidden="true" />
        {post.replyCount} {post.replyCount === 1 ? 'reply' : 'replies'}
      </span>
      <span className="flex items-center gap-1">
        <Eye className={iconClassName} aria-hidden="true" />
        {post.viewCount} {post.viewCount === 1 ? 'view' : 'views'}
      </span>
    </>
  );
}

/** A post in the list (spec §2 Forum): title, category, author (their username), replies, views, date, optional image. */
export function PostCard({ post, headingLevel = 2 }: { post: ForumPost; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className="group relative flex gap-4 p-4 transition-shadow hover:shadow-md">
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="secondary">{post.category}</Badge>
          <span>{relativeTime(post.createdAt)}</span>
        </div>
        <Heading className="line-clamp-2 text-lg font-semibold leading-snug">
          <Link to={`/forum/post/${post.id}`} className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm text-muted-foreground">{post.content}</p>
        <div className="flex flex-wrap items-center gap-4 text-xs text-muted-foreground">
          <span className="flex min-w-0 items-center gap-2">
            <Avatar name={post.username} size="sm" />
            <span className="truncate">
              <span className="sr-only">Posted by </span>
              {post.username}
            </span>
          </span>
          <PostCounts post={post} iconClassName="h-3.5 w-3.5" />
        </div>
      </div>
      {post.imageUrl ? (
        <img src={post.imageUrl} alt="" width={128} height={96} loading="lazy" decoding="async" className="hidden h-24 w-32 shrink-0 rounded-md object-cover sm:block" />
      ) : null}
    </Card>
  );
}

/** The placeholder bars of a post card. */
const POST_CARD_BARS = ['h-4 w-24', 'h-6 w-3/4', 'h-4 w-full', 'h-4 w-1/2'];

export function PostListSkeleton({ count = 4, label = 'Loading posts…' }: { count?: number; label?: string }) {
  return <CardsLoadingState label={label} count={count} bars={POST_CARD_BARS} className="space-y-4" cardClassName="space-y-3 p-4" />;
}
