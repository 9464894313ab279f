import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { useGetForumPostsQuery, type ForumPostsPageArgs } from '../api/forum-api.ts';
import { NewPostDialog } from '../components/NewPostDialog.tsx';
import { PostCard, PostListSkeleton } from '../components/PostCard.tsx';
import type { ForumPost } from '@cp/contracts';
import { emptyPostsText, filterPosts, FORUM_FILTERS, isForumFilter, type ForumFilter } from '../lib/forum.ts';
import { LoadError } from '@cp/web-core';

/**
 * The pages after the first (Load more), each asked from the server with the cursor of the one before (issue 24 §2:
 * a forum of 10,000 posts sends 20 at a time). Each page stays in the RTK Query cache under its own cursor.
 */
function MorePosts({ category, cursor }: { category: ForumPostsPageArgs['category']; cursor: string }) {
  const [more, setMore] = useState(false);
  const { data, isLoading, error, refetch } = useGetForumPostsQuery({ category, cursor }, { skip: !more });
  if (!more) return <LoadMore onClick={() => setMore(true)} />;
  if (error) return <LoadError title="More posts could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={2} />;
  if (isLoading || !data) return <PostListSkeleton count={2} label="Loading more posts…" />;
  return (
    <>
      <PostList posts={data.items} label="More posts" />
      {data.nextCursor ? <MorePosts category={category} cursor={data.nextCursor} /> : null}
    </>
  );
}

function LoadMore({ onClick }: { onClick: () => void }) {
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={onClick}>
        Load more posts
      </Button>
    </div>
  );
}

function PostList({ posts, label }: { posts: readonly ForumPost[]; label: string }) {
  return (
    <ul className="space-y-4" aria-label={label}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /forum (spec §2 Forum): category filter buttons, the post list with skeletons, New Post. The list is paged from the
 * server, newest first: the first page of the chosen category, then Load more (the category is the server's filter).
 */
export function ForumPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const filter: ForumFilter = isForumFilter(raw) ? raw : 'All';
  const category = filter === 'All' ? undefined : filter;
  const { data, isLoading, error, refetch } = useGetForumPostsQuery({ category });

  const choose = (next: ForumFilter) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'All') out.delete('category');
        else out.set('category', next);
        return out;
      },
      { replace: true },
    );

  let body;
  if (isLoading) body = <PostListSkeleton />;
  else if (error) body = <LoadError title="The forum could not be loaded" error={error} onRetry={() => void refetch()} />;
  else {
    // The server filters by category; the page keeps only the chosen one (an older service answers every post).
    const posts = filterPosts(data?.items ?? [], filter);
    if (posts.length === 0) {
      const empty = emptyPostsText(filter);
      body = <EmptyState icon={<MessagesSquare />} title={empty.title} description={empty.description} />;
    } else {
      body = (
        <>
          <PostList posts={posts} label="Posts" />
          {/* Keyed by category: another filter starts again at its first page. */}
          {data?.nextCursor ? <MorePosts key={filter} category={category} cursor={data.nextCursor} /> : null}
        </>
      );
    }
  }

  return (
    <div className="space-y-6">
      <title>Community Forum | Central PA Desi Community</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Community Forum</h1>
          <p className="text-muted-foreground">Ask questions, share news and meet neighbours across Central Pennsylvania.</p>
        </div>
        <NewPostDialog initialCategory={filter === 'All' ? undefined : filter} />
      </div>
      <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
        {FORUM_FILTERS.map((c) => (
          <Button key={c} size="sm" variant={c === filter ? 'default' : 'outline'} aria-pressed={c === filter} onClick={() => choose(c)}>
            {c}
          </Button>
        ))}
      </div>
      {body}
    </div>
  );
}

export default ForumPage;
