/**
 * What the hostile-input fuzz's answers and the stored data after it are judged by, besides each service's own
 * stored-data rules (corpus.ts): the kit's collections, pages answered as pages, sizes refused unread.
 */
import type { HostileRequest } from './generators.ts';
import type { CallResult, FuzzOutcome, StoredDoc, StoredRule } from './types.ts';

/**
 * The collections every service's database has (the kit's events): the outbox, whose entries the relay marks as
 * published, and the consumers' processed records.
 */
export const KIT_STORED: Record<string, StoredRule> = {
  // The relay's bookkeeping changes on every entry; the event itself (type, subject, data, order) must not.
  // An entry may be added only for an event about a record of the fuzz (a valid creation, a setup record, a user).
  outbox: {
    mutable: { fields: ['status', 'attempts', 'nextAttemptAt', 'lockedUntil', 'lockedBy', 'publishedAt', 'lastError'] },
    added: (doc, o) => {
      const data = JSON.stringify(doc.data);
      const known = [...o.answered, ...o.users, ...Object.values(o.records).flatMap((r) => Object.values(r))];
      return known.some((id) => data.includes(id));
    },
  },
  // A consumer handled an event: one from an outbox (any database), or one the fuzz's valid requests published straight
  // to JetStream (a view of the victim's post, an impression or click of the victim's ad).
  processed_events: {
    added: (doc, o) => o.outboxIds.has(String(doc.eventId)) || ['forum.post-viewed', 'ads.impression-recorded', 'ads.click-recorded'].includes(String(doc.type)),
  },
  // A periodic job's lease (service kit startLeasedJob): taken, renewed and given up by the replicas all the time.
  job_leases: {
    mutable: { fields: ['holder', 'until', 'lastRunAt'] },
    added: (doc) => Object.keys(doc).every((k) => ['_id', 'holder', 'until', 'lastRunAt'].includes(k)),
  },
  // A user's posting window (service kit createPostingLimits, `<action>:<userId>`): a valid creation by one of the
  // fuzz's users takes a slot in it.
  posting_limits: {
    mutable: { fields: ['slots', 'expiresAt'] },
    added: (doc, o) => o.users.has(String(doc._id).slice(String(doc._id).indexOf(':') + 1)),
    expiresAt: 'expiresAt',
  },
};

/**
 * A page of the site answered through the gateway with the status the renderer gave it (issue 20): a missing listing,
 * post or business, or an unknown route, is 404 (410: deleted) with the SPA document, so the shell shows its
 * not-found page: HTML, not a JSON error. Only pages (GET/HEAD, not /api, /uploads, /internal, /mf, no extension).
 */
export function isPageAnswer(answer: { status: number; contentType: string }, req: Pick<HostileRequest, 'method' | 'path'>, viaGateway: boolean): boolean {
  if (!viaGateway || !['GET', 'HEAD'].includes(req.method) || ![404, 410].includes(answer.status) || !/^text\/html/.test(answer.contentType)) return false;
  const path = req.path.split('?')[0]!;
  if (/^\/(api|uploads|internal|mf)(\/|$)/.test(path)) return false;
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}

/** Sizes over which a server refuses a request before reading it and closes: 413 over the services' JSON limit, 431 over Node's header limit. */
export const REFUSED_UNREAD = { bodyBytes: 100 * 1024, headerBytes: 16 * 1024 };

/** A corpus setup's call that must succeed: its answer's `id`. */
export async function created(result: Promise<CallResult>, what: string): Promise<string> {
  const { status, body } = await result;
  const id = (body as { id?: unknown } | null)?.id;
  if (status !== 201 || typeof id !== 'string') throw new Error(`setup: ${what} answered ${status} ${JSON.stringify(body)}`);
  return id;
}

/** A stored rule's `added`: the documents whose `_id` a valid fuzz request was answered with. */
export const answeredId = (doc: StoredDoc, o: FuzzOutcome) => o.answered.has(String(doc._id));
