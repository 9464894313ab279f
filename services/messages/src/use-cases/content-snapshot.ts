import { CONTENT_EXCERPT_MAX, CONTENT_NOT_FOUND, CONTENT_TITLE_MAX, IdSchema, type ContentSnapshot } from '@cp/contracts';
import { fitExcerpt, notFound, readContentSnapshot } from '@cp/service-kit';
import { roleOf } from '../data/conversation-mapper.ts';
import { otherRole } from '../data/conversations-repository.ts';
import type { MessagesDeps } from './deps.ts';

/** How many of the newest messages the excerpt quotes (as many as fit in CONTENT_EXCERPT_MAX). */
const EXCERPT_MESSAGES = 10;

/**
 * GET /internal/content/conversation/:id?reporterId= (moderation, never routed by the gateway): a reported conversation
 * as the admin's queue shows it — the only way an admin reads one (issue 23 §6). `reporterId`: the user reporting it
 * (moderation sends it); anyone but a participant gets 404, as on every conversation route, and the reported author
 * is the other participant. Without it, `authorId` is null. The excerpt: the newest messages, "name: text", oldest first.
 */
export function contentSnapshot(deps: MessagesDeps, kind: string, rawId: string, rawReporterId: unknown): Promise<ContentSnapshot> {
  return readContentSnapshot({
    conversation: async (id) => {
      const doc = await deps.conversations.findById(id);
      if (!doc) return null;
      let author: { id: string; name: string } | null = null;
      if (rawReporterId !== undefined) {
        const reporter = IdSchema.safeParse(rawReporterId);
        const role = reporter.success ? roleOf(doc, reporter.data) : null;
        if (!role) throw notFound(CONTENT_NOT_FOUND);
        const other = otherRole(role);
        author = { id: other === 'buyer' ? doc.buyerId : doc.ownerId, name: doc.names[other] };
      }
      const newest = await deps.messages.newest(doc._id, undefined, EXCERPT_MESSAGES);
      const name = (senderId: string) => (senderId === doc.buyerId ? doc.names.buyer : doc.names.owner);
      const lines: string[] = [];
      let length = 0;
      for (const m of newest.slice(0, EXCERPT_MESSAGES)) {
        const line = `${name(m.senderId)}: ${m.text.replace(/\s+/g, ' ').trim()}`;
        if (lines.length > 0 && length + line.length + 3 > CONTENT_EXCERPT_MAX) break;
        lines.unshift(line);
        length += line.length + 3;
      }
      return {
        kind: 'conversation',
        itemId: doc._id,
        authorId: author?.id ?? null,
        authorName: author?.name ?? null,
        title: `Conversation about “${doc.listing.title}”`.slice(0, CONTENT_TITLE_MAX),
        excerpt: fitExcerpt(lines.join(' · ')),
        path: `/messages/${doc._id}`,
        createdAt: doc.createdAt.toISOString(),
      };
    },
  }, kind, rawId);
}
