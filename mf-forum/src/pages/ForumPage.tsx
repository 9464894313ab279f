import { useSearchParams } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { useGetForumPostsQuery } from '../api/forum-api.ts';
import { NewPostDialog } from '../components/NewPostDialog.tsx';
import { PostCard, PostListSkeleton } from '../components/PostCard.tsx';
import { emptyPostsText, filterPosts, FORUM_FILTERS, isForumFilter, type ForumFilter } from '../lib/forum.ts';
import { LoadError } from '@cp/web-core';

/** /forum (spec §2 Forum): category filter buttons, the post list with skeletons, New Post. */
export function ForumPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const filter: ForumFilter = isForumFilter(raw) ? raw : 'All';
  const { data, isLoading, error, refetch } = useGetForumPostsQuery();

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
    const posts = filterPosts(data ?? [], filter);
    if (posts.length === 0) {
      const empty = emptyPostsText(filter);
      body = <EmptyState icon={<MessagesSquare />} title={empty.title} description={empty.description} />;
    } else {
      body = (
        <ul className="space-y-4" aria-label="Posts">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
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
