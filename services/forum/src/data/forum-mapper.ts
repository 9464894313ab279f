import type { ForumPost, ForumReply } from '@cp/contracts';
import { isVisible, type PostDoc } from './posts-repository.ts';
import type { ReplyDoc } from './replies-repository.ts';

/**
 * A stored post as the API shows it (spec §3 forum_posts, plus the author's username). One that moderation hides (or
 * whose author is banned) is only ever answered to its author: marked `moderation: 'under-review'`.
 */
export function toPost(doc: PostDoc): ForumPost {
  return {
    id: doc._id,
    userId: doc.userId,
    username: doc.username,
    category: doc.category,
    title: doc.title,
    content: doc.content,
    ...(doc.imageUrl ? { imageUrl: doc.imageUrl } : {}),
    replyCount: doc.replyCount,
    viewCount: doc.viewCount,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    ...(isVisible(doc) ? {} : { moderation: 'under-review' as const }),
  };
}

/** A stored reply as the API shows it (a hidden one, only ever answered to its author, marked as for posts). */
export function toReply(doc: ReplyDoc): ForumReply {
  return {
    id: doc._id,
    postId: doc.postId,
    userId: doc.userId,
    username: doc.username,
    content: doc.content,
    createdAt: doc.createdAt.toISOString(),
    ...(isVisible(doc) ? {} : { moderation: 'under-review' as const }),
  };
}
