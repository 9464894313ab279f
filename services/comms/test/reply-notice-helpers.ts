import { randomUUID } from 'node:crypto';
import { call, newUser } from '../../identity/test/helpers.ts';

/** A new user registered at the identity service under test: the author or the replier of a reply notice. */
export async function registerUser(identityBase: string): Promise<{ id: string; email: string; username: string }> {
  const user = newUser();
  const res = await call(identityBase, 'POST', '/api/register', { body: user });
  return { id: res.body.id as string, email: user.email, username: user.username };
}

/** The data of a forum.reply-created event: `replier` answered a post of `author`. */
export function replyEventData(author: { id: string }, replier: { id: string; username: string }, post: { title: string; excerpt: string }) {
  return { replyId: randomUUID(), postId: randomUUID(), userId: replier.id, username: replier.username, postUserId: author.id, postTitle: post.title, excerpt: post.excerpt };
}
