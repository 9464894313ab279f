import { CONTENT_EXCERPT_MAX, CONTENT_NOT_FOUND, CONTENT_TITLE_MAX, ContentSnapshotSchema, IdSchema, type ContentSnapshot, type ReportKind } from '@cp/contracts';
import { z } from 'zod';
import { notFound } from './errors.ts';
import type { Operation } from './operations.ts';

/** How an owner reads one of its kinds of content for moderation: by a well-formed id; null when nothing is there. */
export type ContentReaders = Partial<Record<ReportKind, (id: string) => Promise<ContentSnapshot | null>>>;

/**
 * GET /internal/content/{kind}/{id} where the content is stored (the moderation service, issue 21): the item as
 * ContentSnapshotSchema describes it, read by the owner's reader of that kind. 404 (CONTENT_NOT_FOUND) for a kind the
 * owner does not store, a malformed id or nothing there.
 */
export async function readContentSnapshot(readers: ContentReaders, kind: string, rawId: string): Promise<ContentSnapshot> {
  const id = IdSchema.safeParse(rawId);
  const read = Object.hasOwn(readers, kind) ? readers[kind as ReportKind] : undefined;
  if (!id.success || !read) throw notFound(CONTENT_NOT_FOUND);
  const snapshot = await read(id.data);
  if (!snapshot) throw notFound(CONTENT_NOT_FOUND);
  return snapshot;
}

/**
 * The snapshot of a stored item (`_id`, its author's `userId`, `createdAt`), as its owner shows it: `title` cut to
 * CONTENT_TITLE_MAX; `excerpt` as given (each owner cuts its own).
 */
export function snapshotOf(
  kind: ReportKind,
  doc: { _id: string; userId: string; createdAt: Date },
  shown: { authorName: string | null; title: string; excerpt: string; path: string },
): ContentSnapshot {
  return {
    kind,
    itemId: doc._id,
    authorId: doc.userId,
    authorName: shown.authorName,
    title: shown.title.slice(0, CONTENT_TITLE_MAX),
    excerpt: shown.excerpt,
    path: shown.path,
    createdAt: doc.createdAt.toISOString(),
  };
}

/** An excerpt that fits a snapshot: as it is, or cut to CONTENT_EXCERPT_MAX with an ellipsis. */
export const fitExcerpt = (excerpt: string) =>
  excerpt.length <= CONTENT_EXCERPT_MAX ? excerpt : `${excerpt.slice(0, CONTENT_EXCERPT_MAX - 1)}…`;

/**
 * The operation of GET /internal/content/{kind}/{id} in an owner's table (internal: the gateway never routes
 * /internal); `query`, when moderation sends more than the kind and id.
 */
export function contentSnapshotOperation<Deps>(
  summary: string,
  handle: Operation<Deps>['handle'],
  query?: z.ZodType,
): Operation<Deps> {
  return {
    method: 'get', path: '/internal/content/:kind/:id', id: 'contentSnapshot', summary, auth: 'internal',
    params: { kind: z.string(), id: z.string() }, ...(query ? { query } : {}),
    responses: { 200: { description: 'The snapshot.', schema: ContentSnapshotSchema } }, errors: [400, 404],
    handle,
  };
}
