import { randomUUID } from 'node:crypto';
import { ContentHidden, ContentReported, CreateReportBodySchema, MODERATION_MESSAGES, TRUSTED_REPORTER, type ContentSnapshot, type CreateReportAnswer } from '@cp/contracts';
import { conflict, forbidden, isDuplicateKey, jsonObject, notFound, runInTransaction, usernameOf, type AuthUser } from '@cp/service-kit';
import { audit } from './audit.ts';
import type { ModerationDeps } from './deps.ts';

/**
 * The queue names the author: an owner that does not know usernames (listings) leaves `authorName` null, and identity
 * says it. Best effort: identity unreachable or the user gone leaves it null, never failing the report.
 */
async function withAuthorName(deps: ModerationDeps, content: ContentSnapshot): Promise<ContentSnapshot> {
  if (content.authorName !== null || content.authorId === null) return content;
  const author = await deps.users.contact(content.authorId).catch(() => null);
  return author ? { ...content, authorName: author.username } : content;
}

const DAY_MS = 86_400_000;

/**
 * Whether a reporter counts towards hiding an item by itself (issue 41 §1): a verified address, an account of some
 * days (a script's fresh accounts do not count), and reports not dismissed again and again. The session says the
 * first two (identity's answer); the reporter's record here says the third.
 */
async function isTrustedReporter(deps: ModerationDeps, user: AuthUser): Promise<boolean> {
  if (user.emailVerified !== true || !user.createdAt) return false;
  if (Date.parse(user.createdAt) > deps.now().getTime() - TRUSTED_REPORTER.minAgeDays * DAY_MS) return false;
  const { dismissed, upheld } = await deps.reports.standing(user.id);
  return !(dismissed >= TRUSTED_REPORTER.dismissedLimit && dismissed > 2 * upheld);
}

/**
 * POST /api/reports: a signed-in user reports a piece of content.
 * - The item is looked up at its owner (404 when it does not exist; 503 when the owner cannot answer); reporting your
 *   own content is refused (403).
 * - One report per user per item, ever: the reports' unique key refuses the second (409), even two sent at once.
 * - The item's case (one per item) counts the distinct reporters of its current cycle, and apart the trusted ones
 *   (isTrustedReporter); the trusted report that brings those to HIDE_THRESHOLD hides it (content-hidden, once: only
 *   the open → hidden change emits it) with an 'auto-hide' line in the audit log by the system. Reports of others go
 *   to the queue and hide nothing: three fresh accounts cannot take an item down. Everything is written with the
 *   content-reported event in one transaction.
 * - A dismissed case reported by someone new opens a new cycle, counted from zero (earlier reporters were heard and
 *   cannot report it again); a removed item is gone (404).
 */
export async function reportContent(deps: ModerationDeps, user: AuthUser, body: unknown): Promise<CreateReportAnswer> {
  const input = CreateReportBodySchema.parse(jsonObject(body));
  const reporterName = usernameOf(user);
  const found = await deps.owners.snapshot(input.kind, input.itemId, user.id);
  if (!found) throw notFound();
  if (found.authorId === user.id) throw forbidden(MODERATION_MESSAGES.ownContent);
  const content = await withAuthorName(deps, found);
  const trusted = await isTrustedReporter(deps, user);
  const now = deps.now();
  const reportId = randomUUID();
  const file = () =>
    runInTransaction(deps.conn, async (session, emit) => {
      let item = await deps.cases.upsertForItem(randomUUID(), content, now, session);
      if (item.status === 'removed') throw notFound();
      if (item.status === 'dismissed') item = (await deps.cases.reopen(item._id, now, session)) ?? item;
      await deps.reports.insert(
        { _id: reportId, caseId: item._id, cycle: item.cycle, kind: input.kind, itemId: input.itemId, reporterId: user.id, reporterName, reason: input.reason, details: input.details ?? null, status: 'open', trusted, outcome: null, createdAt: now },
        session,
      );
      const counted = (await deps.cases.countReport(item._id, input.reason, trusted, content, now, session))!;
      const ref = { caseId: counted._id, kind: counted.kind, itemId: counted.itemId, authorId: content.authorId };
      await emit(ContentReported, { ...ref, reportId, reporterId: user.id, reason: input.reason, reportCount: counted.reportCount });
      if (trusted && counted.status === 'open' && counted.trustedCount >= deps.config.HIDE_THRESHOLD && (await deps.cases.hide(counted._id, now, session))) {
        await emit(ContentHidden, ref);
        await audit(deps, null, { action: 'auto-hide', caseId: counted._id, kind: counted.kind, itemId: counted.itemId, userId: content.authorId, subject: content.title, reason: `${counted.trustedCount} reports` }, now, session);
      }
    });
  // The user's posting limit ('report') first, apart from the transaction; a report refused below gives its slot back.
  await deps.limits.run(user, 'report', async () => {
    try {
      await file();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      if (err.keyPattern && 'reporterId' in err.keyPattern) throw conflict(MODERATION_MESSAGES.alreadyReported);
      // Two first reports of one item made its case at once: the other's case exists now; file into it.
      try {
        await file();
      } catch (again) {
        if (isDuplicateKey(again)) throw conflict(MODERATION_MESSAGES.alreadyReported);
        throw again;
      }
    }
  });
  return { reportId, message: MODERATION_MESSAGES.reported };
}
