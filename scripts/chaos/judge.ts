/**
 * The chaos suite's judge, by ids (as the nats-server chaos tests judge): after the load stopped and the system settled,
 * each acknowledged write is looked up where it must be, exactly once, and each of its events where each consumer
 * must have applied it, exactly once. Every finding counts in the fault phase the write was sent in.
 */
import { readFileSync, existsSync } from 'node:fs';
import type { Db } from 'mongodb';
import { AdClickRecorded, BusinessReviewed, ForumReplyCreated, ListingCreated, ListingUpdated, eventStream, parseEvent } from '@cp/contracts';
import { streamMessages, visitorKey, type NatsHandle } from '@cp/service-kit';
import type { CaughtMail } from '../../infra/src/mail/catcher.ts';
import { AD_COUNTER_DURABLE } from '../../services/ads/src/events/ad-counter.ts';
import type { WriteRecord } from './load.ts';

export interface PhaseResult {
  phase: string;
  acked: number;
  /** Sent and not acknowledged (an error answer or no answer): may be lost, counted apart. */
  unacked: number;
  /** Not answered within the request timeout. */
  hung: number;
  lost: number;
  duplicated: number;
  eventsLost: number;
  eventsDoubled: number;
  /** From the fault until the killed process or server serves again and every write kind is acknowledged again. */
  recoveryS?: number;
  /** From the fault until every write kind is acknowledged again (through the other replica, or once it is back). */
  writesAgainS?: number;
  /** What was found, one line per finding (write kind, client id, what). */
  findings: string[];
}

/** Counters that must equal what they count (a post's replies, a business's reviews, the ad's clicks). */
export interface CounterCheck {
  what: string;
  expected: number;
  actual: number;
}

export interface Verdict {
  phases: PhaseResult[];
  counters: CounterCheck[];
  /** Unacknowledged writes that were applied all the same (allowed; for information). */
  unackedApplied: number;
}

interface Stored {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

async function events(nats: NatsHandle, domain: string): Promise<Stored[]> {
  const out: Stored[] = [];
  for (const m of await streamMessages(nats.jsm, eventStream(domain).name)) {
    const parsed = parseEvent(m.json());
    if (parsed.ok) out.push({ id: parsed.event.id, type: parsed.event.type, data: parsed.event.data as Record<string, unknown> });
  }
  return out;
}

/** Groups by key; a group's distinct event ids and its messages tell a re-publish (same id twice) from a second event. */
function byKey(list: Stored[], key: (e: Stored) => string | undefined): Map<string, Stored[]> {
  const out = new Map<string, Stored[]>();
  for (const e of list) {
    const k = key(e);
    if (k === undefined) continue;
    out.set(k, [...(out.get(k) ?? []), e]);
  }
  return out;
}

export interface JudgeInput {
  records: WriteRecord[];
  phases: string[];
  recovery: Record<string, number | undefined>;
  writesAgain: Record<string, number | undefined>;
  dbs: { listings: Db; forum: Db; directory: Db; ads: Db; comms: Db };
  nats: NatsHandle;
  adId: string;
  mailStoreFile: string;
  /** Each search replica's listings of the load's owners, by listing id → title. */
  searchListings: Array<Map<string, string>>;
}

export async function judge(input: JudgeInput): Promise<Verdict> {
  const { records, dbs } = input;
  const phases = new Map<string, PhaseResult>(
    input.phases.map((p) => [p, { phase: p, acked: 0, unacked: 0, hung: 0, lost: 0, duplicated: 0, eventsLost: 0, eventsDoubled: 0, ...(input.recovery[p] !== undefined ? { recoveryS: input.recovery[p] } : {}), ...(input.writesAgain[p] !== undefined ? { writesAgainS: input.writesAgain[p] } : {}), findings: [] }]),
  );
  const at = (r: WriteRecord) => phases.get(r.phase)!;
  const finding = (r: WriteRecord, field: 'lost' | 'duplicated' | 'eventsLost' | 'eventsDoubled', what: string, n = 1) => {
    at(r)[field] += n;
    at(r).findings.push(`${r.kind} ${r.cid}: ${what}`);
  };
  for (const r of records) {
    if (r.acked) at(r).acked += 1;
    else at(r).unacked += 1;
    if (r.timedOut) at(r).hung += 1;
  }
  let unackedApplied = 0;

  // Listings and their edits: the database, the stream (created once per listing, updated once per edit), search.
  const listingEvents = await events(input.nats, 'listings');
  const created = byKey(listingEvents.filter((e) => e.type === ListingCreated.type), (e) => String(e.data.listingId));
  const updatedByTitle = byKey(listingEvents.filter((e) => e.type === ListingUpdated.type), (e) => (e.data.listing as { title?: string } | undefined)?.title);
  const chaosListings = await dbs.listings.collection('listings').find({ title: /^Chaos / }, { projection: { title: 1, description: 1 } }).toArray();
  const listingsByCid = byKey(chaosListings.map((d) => ({ id: String(d._id), type: '', data: d as Record<string, unknown> })), (e) => /Chaos suite listing (\S+):/.exec(String(e.data.description))?.[1]);
  const listingTitle = new Map(chaosListings.map((d) => [String(d._id), String(d.title)]));
  const editsOf = new Map<string, WriteRecord[]>();
  for (const r of records.filter((x) => x.kind === 'edit')) editsOf.set(r.listingId!, [...(editsOf.get(r.listingId!) ?? []), r]);
  const onceEvents = (r: WriteRecord, group: Stored[] | undefined, what: string) => {
    const ids = new Set((group ?? []).map((e) => e.id));
    if (ids.size === 0) finding(r, 'eventsLost', `no ${what} event`);
    else if (ids.size > 1) finding(r, 'eventsDoubled', `${ids.size} ${what} events`, ids.size - 1);
    else if ((group ?? []).length > 1) finding(r, 'eventsDoubled', `${what} event stored ${group!.length} times`, group!.length - 1);
  };
  for (const r of records.filter((x) => x.kind === 'listing')) {
    const stored = listingsByCid.get(r.cid) ?? [];
    if (!r.acked) {
      if (stored.length > 0) unackedApplied += 1;
      // Applied or not, a stored listing must have its event (the outbox writes it in the same transaction).
      for (const s of stored) if (!created.has(s.id)) finding(r, 'eventsLost', `unacknowledged but stored listing ${s.id} has no created event`);
      continue;
    }
    if (stored.length === 0) finding(r, 'lost', 'listing not stored');
    else if (stored.length > 1) finding(r, 'duplicated', `stored ${stored.length} times`, stored.length - 1);
    if (stored.length > 0) onceEvents(r, created.get(r.id!), 'listing-created');
    // Search holds it with the title of its last applied change, on every replica.
    const title = listingTitle.get(r.id!);
    if (title !== undefined) {
      input.searchListings.forEach((replica, i) => {
        const inSearch = replica.get(r.id!);
        if (inSearch === undefined) finding(r, 'eventsLost', `not in search replica ${i + 1}`);
        else if (inSearch !== title) finding(r, 'eventsLost', `search replica ${i + 1} holds "${inSearch}", the listing is "${title}"`);
      });
    }
  }
  for (const [listingId, edits] of editsOf) {
    const title = listingTitle.get(listingId);
    const order = edits.sort((a, b) => a.seq! - b.seq!);
    const appliedSeq = order.find((e) => e.title === title)?.seq ?? 0;
    for (const r of order) {
      if (!r.acked) {
        if ((updatedByTitle.get(r.title!) ?? []).length > 0) unackedApplied += 1;
        continue;
      }
      // An acknowledged edit is lost when the listing shows an older version (a later edit may have replaced it).
      if (title === undefined || appliedSeq < r.seq!) finding(r, 'lost', `listing shows "${title}", not this edit or a later one`);
      onceEvents(r, updatedByTitle.get(r.title!), 'listing-updated');
    }
  }

  // Replies: stored once, the post's count, the forum event once, comms' batch item, one mail.
  const forumEvents = await events(input.nats, 'forum');
  const replyEvents = byKey(forumEvents.filter((e) => e.type === ForumReplyCreated.type), (e) => String(e.data.replyId));
  const replies = await dbs.forum.collection('forum_replies').find({ content: /^Chaos reply / }, { projection: { content: 1, postId: 1 } }).toArray();
  const repliesByCid = byKey(replies.map((d) => ({ id: String(d._id), type: '', data: d as Record<string, unknown> })), (e) => /^Chaos reply (\S+),/.exec(String(e.data.content))?.[1]);
  const items = new Set((await dbs.comms.collection('mail_batch_items').find({}, { projection: { _id: 1 } }).toArray()).map((d) => String(d._id)));
  const mails: CaughtMail[] = existsSync(input.mailStoreFile)
    ? readFileSync(input.mailStoreFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as CaughtMail)
    : [];
  const mailIdsByCid = new Map<string, Set<string>>();
  const copiesByCid = new Map<string, number>();
  for (const m of mails.filter((x) => /replied to|new replies to/.test(x.subject))) {
    const messageId = m.headers?.['message-id'] ?? m.id;
    for (const cid of m.text.match(/\bR[0-9a-f-]{12}\b/g) ?? []) {
      mailIdsByCid.set(cid, new Set([...(mailIdsByCid.get(cid) ?? []), messageId]));
      copiesByCid.set(cid, (copiesByCid.get(cid) ?? 0) + 1);
    }
  }
  for (const r of records.filter((x) => x.kind === 'reply')) {
    const stored = repliesByCid.get(r.cid) ?? [];
    if (!r.acked) {
      if (stored.length > 0) unackedApplied += 1;
      continue;
    }
    if (stored.length === 0) finding(r, 'lost', 'reply not stored');
    else if (stored.length > 1) finding(r, 'duplicated', `stored ${stored.length} times`, stored.length - 1);
    onceEvents(r, replyEvents.get(r.id!), 'reply-created');
    if (!items.has(`reply-notice:${r.id}`)) finding(r, 'eventsLost', 'not in a reply-notice batch (comms)');
    const sent = mailIdsByCid.get(r.cid)?.size ?? 0;
    if (sent === 0) finding(r, 'eventsLost', 'no reply mail');
    else if (sent > 1) finding(r, 'eventsDoubled', `in ${sent} reply mails`, sent - 1);
    else if ((copiesByCid.get(r.cid) ?? 0) > 1) finding(r, 'eventsDoubled', `its mail delivered ${copiesByCid.get(r.cid)} times (same Message-ID)`, copiesByCid.get(r.cid)! - 1);
  }

  // Reviews: stored once, the directory event once.
  const directoryEvents = await events(input.nats, 'directory');
  const reviewEvents = byKey(directoryEvents.filter((e) => e.type === BusinessReviewed.type), (e) => String(e.data.reviewId));
  const reviews = await dbs.directory.collection('business_reviews').find({ comment: /^Chaos review / }, { projection: { comment: 1, businessId: 1, rating: 1 } }).toArray();
  const reviewsByCid = byKey(reviews.map((d) => ({ id: String(d._id), type: '', data: d as Record<string, unknown> })), (e) => /^Chaos review (\S+)/.exec(String(e.data.comment))?.[1]);
  for (const r of records.filter((x) => x.kind === 'review')) {
    const stored = reviewsByCid.get(r.cid) ?? [];
    if (!r.acked) {
      if (stored.length > 0) unackedApplied += 1;
      continue;
    }
    if (stored.length === 0) finding(r, 'lost', 'review not stored');
    else if (stored.length > 1) finding(r, 'duplicated', `stored ${stored.length} times`, stored.length - 1);
    const id = r.id ?? stored[0]?.id;
    onceEvents(r, id ? reviewEvents.get(id) : undefined, 'business-reviewed');
  }

  // Clicks: the stream is where an accepted click is stored (by its visitor's key); the counter applies each once.
  const salt = (await dbs.ads.collection<{ _id: string; value: string }>('ads_settings').findOne({ _id: 'viewer-salt' }))?.value ?? '';
  const clickEvents = (await events(input.nats, 'ads')).filter((e) => e.type === AdClickRecorded.type && e.data.adId === input.adId);
  const clicksByVisitor = byKey(clickEvents, (e) => String(e.data.visitor));
  const processed = new Set(
    (await dbs.ads.collection('processed_events').find({ consumer: AD_COUNTER_DURABLE }, { projection: { eventId: 1 } }).toArray()).map((d) => String(d.eventId)),
  );
  for (const r of records.filter((x) => x.kind === 'click')) {
    const group = clicksByVisitor.get(visitorKey({ visitor: r.cid, ip: '', userAgent: undefined }, salt)) ?? [];
    if (!r.acked) {
      if (group.length > 0) unackedApplied += 1;
      continue;
    }
    const ids = new Set(group.map((e) => e.id));
    if (ids.size === 0) finding(r, 'lost', 'click not in the ads stream');
    else if (ids.size > 1) finding(r, 'duplicated', `${ids.size} click events`, ids.size - 1);
    else if (group.length > 1) finding(r, 'eventsDoubled', `click stored ${group.length} times`, group.length - 1);
    for (const id of ids) if (!processed.has(id)) finding(r, 'eventsLost', 'click not applied by the ad counter');
  }

  // Counters: exact against what they count.
  const counters: CounterCheck[] = [];
  const ad = await dbs.ads.collection('advertisements').findOne({ _id: input.adId as never });
  counters.push({ what: "the ad's clicks (distinct click events stored)", expected: new Set(clickEvents.map((e) => e.id)).size, actual: Number(ad?.clicks ?? 0) });
  const postIds = [...new Set(records.filter((r) => r.kind === 'reply').map((r) => r.postId!))];
  for (const postId of postIds) {
    const post = await dbs.forum.collection('forum_posts').findOne({ _id: postId as never });
    const count = await dbs.forum.collection('forum_replies').countDocuments({ postId });
    counters.push({ what: `post ${postId} replyCount`, expected: count, actual: Number(post?.replyCount ?? -1) });
  }
  const businessIds = [...new Set(records.filter((r) => r.kind === 'review').map((r) => r.businessId!))];
  for (const businessId of businessIds) {
    const business = await dbs.directory.collection('businesses').findOne({ _id: businessId as never });
    const rows = await dbs.directory.collection('business_reviews').find({ businessId }, { projection: { rating: 1 } }).toArray();
    counters.push({ what: `business ${businessId} reviewCount`, expected: rows.length, actual: Number(business?.reviewCount ?? -1) });
    counters.push({ what: `business ${businessId} ratingTotal`, expected: rows.reduce((s, d) => s + Number(d.rating), 0), actual: Number(business?.ratingTotal ?? -1) });
  }
  return { phases: [...phases.values()], counters, unackedApplied };
}

/** The table the suite prints: one row per fault phase. */
export function formatTable(verdict: Verdict): string {
  const head = ['fault', 'writes acknowledged', 'unacknowledged', 'hung', 'lost', 'duplicated', 'events lost', 'events doubled', 'recovery s', 'writes again s'];
  const s = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(1));
  const rows = verdict.phases.map((p) => [p.phase, p.acked, p.unacked, p.hung, p.lost, p.duplicated, p.eventsLost, p.eventsDoubled, s(p.recoveryS), s(p.writesAgainS)].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const wrong = verdict.counters.filter((c) => c.expected !== c.actual);
  return [
    line(head),
    `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
    ...rows.map(line),
    '',
    `counters: ${verdict.counters.length - wrong.length} of ${verdict.counters.length} exact${wrong.map((c) => `\n  ${c.what}: ${c.actual}, expected ${c.expected}`).join('')}`,
    `unacknowledged writes applied all the same (allowed): ${verdict.unackedApplied}`,
  ].join('\n');
}
