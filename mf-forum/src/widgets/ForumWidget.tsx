import { MessagesSquare } from 'lucide-react';
import { HOME_COUNTS } from '@cp/contracts';
import { EmptyState } from '@cp/ui';
import { useGetForumPostsQuery } from '../api/forum-api.ts';
import { PostCard, PostListSkeleton } from '../components/PostCard.tsx';
import { homePosts } from '../lib/posts.ts';
import { HomeSection, LoadError } from '@cp/web-core';

/** Community Forum on home (spec §2 Home): the first 3 posts. */
export function ForumWidget() {
  // The forum's first page (the /forum page and the post page share it): home shows its first 3.
  const { data, isLoading, error, refetch } = useGetForumPostsQuery({});
  let body;
  if (isLoading) body = <PostListSkeleton count={HOME_COUNTS.forumPosts} label="Loading forum posts…" />;
  else if (error) body = <LoadError title="The forum could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />;
  else {
    const posts = homePosts(data?.items ?? []);
    body =
      posts.length > 0 ? (
        <ul className="space-y-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState
          headingLevel={3}
          icon={<MessagesSquare />}
          title="No Posts Yet"
          description="Be the first to start a discussion!"
          links={[{ to: '/forum', label: 'Visit the Forum', variant: 'outline' }]}
        />
      );
  }
  return (
    <HomeSection id="home-forum" title="Community Forum" viewAll={{ to: '/forum', label: 'View all' }}>
      {body}
    </HomeSection>
  );
}

export default ForumWidget;
