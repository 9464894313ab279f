import { randomUUID } from 'node:crypto';
import {
  BannedUserPageSchema,
  ContentHidden,
  ContentRemoved,
  ContentReported,
  ContentRestored,
  CreateReportAnswerSchema,
  eventStream,
  MODERATION_MESSAGES,
  ModerationCasePageSchema,
  ModerationCaseSchema,
  ModerationLogPageSchema,
  parseEvent,
  REPORT_DETAILS_MAX,
  TRUSTED_REPORTER,
  UserBanned,
  UserUnbanned,
  type ReportKind,
} from '@cp/contracts';
import { outboxModel, streamMessages } from '@cp/service-kit';
import { call, snapshot, startModeration, until, type ModerationHarness, type Session } from './helpers.ts';

let h: ModerationHarness;
let admin: Session;
let author: Session;
const reporters: Session[] = [];

beforeAll(async () => {
  h = await startModeration({ hideThreshold: 3 });
  admin = await h.newAdminSession();
  author = await h.newSession();
  for (let i = 0; i < 6; i += 1) reporters.push(await h.newTrustedSession());
});
afterAll(async () => {
  await h?.close();
});

/** A new item by `author` at its owner. */
function newItem(kind: ReportKind = 'listing', overrides: Parameters<typeof snapshot>[3] = {}): string {
  const itemId = randomUUID();
  h.owners.put(snapshot(kind, itemId, author.userId, overrides));
  return itemId;
}
const report = (who: Session | null, body: unknown) => call(h.base, 'POST', '/api/reports', { body, cookie: who?.cookie });
const adminCall = (method: string, path: string, body?: unknown, who: Session | null = admin) => call(h.base, method, `/api/admin/moderation${path}`, { body, cookie: who?.cookie });
const caseOf = async (kind: ReportKind, itemId: string) => (await h.deps.cases.findByItem(kind, itemId))!;
const ofCase = (caseId: string) => (d: Record<string, unknown>) => d.caseId === caseId;

describe('POST /api/reports', () => {
  it('files a report on an item its owner knows: 201 with the thank-you message, an open case in the queue', async () => {
    const itemId = newItem('forum-post', { title: 'Cheap followers here', path: '/forum/x' });
    const res = await report(reporters[0]!, { kind: 'forum-post', itemId, reason: 'spam', details: '  bot account  ' });
    expect(res.status).toBe(201);
    expect(CreateReportAnswerSchema.parse(res.body)).toEqual({ reportId: expect.any(String), message: MODERATION_MESSAGES.reported });

    const queue = ModerationCasePageSchema.parse((await adminCall('GET', '/cases?pageSize=50')).body);
    const item = queue.items.find((c) => c.itemId === itemId)!;
    expect(item).toMatchObject({ kind: 'forum-post', status: 'open', reportCount: 1, reasons: [{ reason: 'spam', count: 1 }], decidedAt: null });
    expect(item.content).toMatchObject({ title: 'Cheap followers here', authorId: author.userId, path: '/forum/x' });
    expect(item.reports).toEqual([{ id: res.body.reportId, reporterId: reporters[0]!.userId, reporterName: reporters[0]!.username, reason: 'spam', details: 'bot account', createdAt: expect.any(String) }]);
    const reported = await h.emitted(ContentReported, ofCase(item.id));
    expect(reported).toEqual([{ caseId: item.id, kind: 'forum-post', itemId, authorId: author.userId, reportId: res.body.reportId, reporterId: reporters[0]!.userId, reason: 'spam', reportCount: 1 }]);
  });

  it("names the author from identity when the owner does not know usernames (listings' snapshots)", async () => {
    const itemId = newItem('listing', { authorName: null });
    expect((await report(reporters[0]!, { kind: 'listing', itemId, reason: 'spam' })).status).toBe(201);
    expect((await caseOf('listing', itemId)).content).toMatchObject({ authorId: author.userId, authorName: author.username });
  });

  it('refuses a second report by the same user on the same item (409), counting it once', async () => {
    const itemId = newItem();
    expect((await report(reporters[0]!, { kind: 'listing', itemId, reason: 'scam' })).status).toBe(201);
    const again = await report(reporters[0]!, { kind: 'listing', itemId, reason: 'spam' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(MODERATION_MESSAGES.alreadyReported);
    expect((await caseOf('listing', itemId)).reportCount).toBe(1);
    expect(await h.emitted(ContentReported, (d) => d.itemId === itemId)).toHaveLength(1);
  });

  it('refuses two reports by the same user sent at once: one 201, one 409', async () => {
    const itemId = newItem('review');
    const answers = await Promise.all([0, 1, 2].map(() => report(reporters[1]!, { kind: 'review', itemId, reason: 'offensive' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await caseOf('review', itemId)).reportCount).toBe(1);
  });

  it('refuses reporting your own content (403)', async () => {
    const itemId = newItem('business');
    const res = await report(author, { kind: 'business', itemId, reason: 'wrong-category' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(MODERATION_MESSAGES.ownContent);
    expect(await h.deps.cases.findByItem('business', itemId)).toBeNull();
  });

  it('answers 404 for an item its owner does not have (also of another owner\'s kind), and stores nothing', async () => {
    const missing = randomUUID();
    const res = await report(reporters[0]!, { kind: 'listing', itemId: missing, reason: 'spam' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Not found');
    // A forum reply asked of its owner (forum) is not found because forum has no such reply, though a listing has that id.
    const listingId = newItem('listing');
    expect((await report(reporters[0]!, { kind: 'forum-reply', itemId: listingId, reason: 'spam' })).status).toBe(404);
    expect(await h.deps.cases.findByItem('listing', missing)).toBeNull();
  });

  it('answers 503 when the owner cannot answer', async () => {
    const itemId = newItem();
    h.owners.failing = true;
    try {
      const res = await report(reporters[0]!, { kind: 'listing', itemId, reason: 'spam' });
      expect(res.status).toBe(503);
    } finally {
      h.owners.failing = false;
    }
    expect((await report(reporters[0]!, { kind: 'listing', itemId, reason: 'spam' })).status).toBe(201);
  });

  it('answers 401 to a signed-out reporter', async () => {
    const res = await report(null, { kind: 'listing', itemId: newItem(), reason: 'spam' });
    expect(res.status).toBe(401);
  });

  it.each([
    ['an unknown reason', { reason: 'boring' }],
    ['an unknown kind', { kind: 'advertisement' }],
    ['an over-long text', { reason: 'spam', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) }],
    ["'other' without a text", { reason: 'other' }],
    ['an item id that is not an id', { itemId: 'abc' }],
    ['an operator for the id', { itemId: { $ne: null } }],
    ['a field of the server', { reporterId: randomUUID() }],
  ])('refuses %s (400), storing nothing', async (_label, override) => {
    const itemId = newItem();
    const res = await report(reporters[0]!, { kind: 'listing', itemId, reason: 'spam', ...override });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await h.deps.cases.findByItem('listing', itemId)).toBeNull();
  });

  it("says what is missing with 'other' and no text", async () => {
    const res = await report(reporters[0]!, { kind: 'listing', itemId: newItem(), reason: 'other', details: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MODERATION_MESSAGES.detailsRequired);
  });

  it('refuses bodies that are not an object', async () => {
    for (const body of [[], 'a string', null, 42]) expect((await report(reporters[0]!, body)).status).toBe(400);
  });
});

describe('the threshold', () => {
  it('hides the item when the third distinct reporter reports it: content-hidden once, an auto-hide line by the system', async () => {
    const itemId = newItem();
    for (const [i, r] of reporters.slice(0, 2).entries()) {
      expect((await report(r, { kind: 'listing', itemId, reason: i === 0 ? 'scam' : 'spam' })).status).toBe(201);
      expect((await caseOf('listing', itemId)).status).toBe('open');
    }
    const c = await caseOf('listing', itemId);
    expect(await h.emitted(ContentHidden, ofCase(c._id))).toEqual([]);
    expect((await report(reporters[2]!, { kind: 'listing', itemId, reason: 'scam' })).status).toBe(201);
    expect((await caseOf('listing', itemId)).status).toBe('hidden');
    expect((await report(reporters[3]!, { kind: 'listing', itemId, reason: 'scam' })).status).toBe(201);

    expect(await h.emitted(ContentHidden, ofCase(c._id))).toEqual([{ caseId: c._id, kind: 'listing', itemId, authorId: author.userId }]);
    expect((await h.emitted(ContentReported, ofCase(c._id))).map((d) => d.reportCount)).toEqual([1, 2, 3, 4]);
    const line = await h.deps.log.model.findOne({ action: 'auto-hide', caseId: c._id }).lean().exec();
    expect(line).toMatchObject({ actorId: null, actorName: null, kind: 'listing', itemId, userId: author.userId });
    const queued = ModerationCasePageSchema.parse((await adminCall('GET', '/cases?pageSize=50')).body).items.find((x) => x.id === c._id);
    expect(queued).toMatchObject({ status: 'hidden', reportCount: 4, reasons: [{ reason: 'scam', count: 3 }, { reason: 'spam', count: 1 }] });

    // The events reach the moderation stream (the outbox relay publishes them).
    await until('the outbox is published', async () => (await outboxModel(h.conn).countDocuments({ status: 'pending' })) === 0);
    const hidden = (await streamMessages(h.nats.jsm, eventStream('moderation').name)).map((m) => parseEvent(m.json())).filter((p) => p.ok && p.def === ContentHidden && (p.event.data as { caseId: string }).caseId === c._id);
    expect(hidden).toHaveLength(1);
  });

  it('counts only trusted reporters towards hiding (issue 41): three fresh accounts, or verified ones a day old, fill the queue and hide nothing', async () => {
    const itemId = newItem();
    const fresh = await Promise.all([0, 1, 2].map(() => h.newSession()));
    const young = await Promise.all([0, 1, 2].map(() => h.newTrustedSession(1)));
    for (const r of [...fresh, ...young]) expect((await report(r, { kind: 'listing', itemId, reason: 'scam' })).status).toBe(201);
    const c = await caseOf('listing', itemId);
    expect(c).toMatchObject({ status: 'open', reportCount: 6, trustedCount: 0 });
    expect(await h.emitted(ContentHidden, ofCase(c._id))).toEqual([]);
    const queued = ModerationCasePageSchema.parse((await adminCall('GET', '/cases?pageSize=50')).body).items.find((x) => x.id === c._id);
    expect(queued).toMatchObject({ status: 'open', reportCount: 6 });
    // Three trusted reporters hide it.
    const trustedOnes = await Promise.all([0, 1, 2].map(() => h.newTrustedSession()));
    for (const r of trustedOnes) await report(r, { kind: 'listing', itemId, reason: 'scam' });
    expect(await caseOf('listing', itemId)).toMatchObject({ status: 'hidden', reportCount: 9, trustedCount: 3 });
  });

  it('stops counting a reporter whose reports were dismissed again and again', async () => {
    const serial = await h.newTrustedSession();
    for (let i = 0; i < TRUSTED_REPORTER.dismissedLimit; i++) {
      const itemId = newItem();
      await report(serial, { kind: 'listing', itemId, reason: 'spam' });
      expect((await adminCall('POST', `/cases/${(await caseOf('listing', itemId))._id}/dismiss`, { note: 'Nothing wrong' })).status).toBe(200);
    }
    const itemId = newItem();
    const others = await Promise.all([0, 1].map(() => h.newTrustedSession()));
    for (const r of [serial, ...others]) await report(r, { kind: 'listing', itemId, reason: 'spam' });
    expect(await caseOf('listing', itemId)).toMatchObject({ status: 'open', reportCount: 3, trustedCount: 2 });
    expect(await h.deps.reports.standing(serial.userId)).toEqual({ dismissed: TRUSTED_REPORTER.dismissedLimit, upheld: 0 });
  });

  it('hides once when many report at once', async () => {
    const itemId = newItem('forum-reply');
    const answers = await Promise.all(reporters.slice(0, 5).map((r) => report(r, { kind: 'forum-reply', itemId, reason: 'offensive' })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const c = await caseOf('forum-reply', itemId);
    expect(c).toMatchObject({ status: 'hidden', reportCount: 5 });
    expect(await h.emitted(ContentHidden, ofCase(c._id))).toHaveLength(1);
    expect(await h.deps.cases.model.countDocuments({ kind: 'forum-reply', itemId })).toBe(1);
  });
});

describe('the queue', () => {
  it('orders pending cases by number of reports, then newest report, and pages them', async () => {
    const one = newItem();
    const two = newItem();
    await report(reporters[0]!, { kind: 'listing', itemId: one, reason: 'spam' });
    await report(reporters[0]!, { kind: 'listing', itemId: two, reason: 'spam' });
    await report(reporters[1]!, { kind: 'listing', itemId: two, reason: 'spam' });
    const page = ModerationCasePageSchema.parse((await adminCall('GET', '/cases?status=pending&page=1&pageSize=50')).body);
    const counts = page.items.map((c) => c.reportCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(page.items.every((c) => c.status === 'open' || c.status === 'hidden')).toBe(true);
    const twoAt = page.items.findIndex((c) => c.itemId === two);
    const oneAt = page.items.findIndex((c) => c.itemId === one);
    expect(twoAt).toBeLessThan(oneAt);
    // Among the cases of one report, the newest report first: `one` was reported last of those with 1.
    const singles = page.items.filter((c) => c.reportCount === 1);
    expect(singles.map((c) => c.lastReportedAt)).toEqual([...singles.map((c) => c.lastReportedAt)].sort().reverse());

    const small = ModerationCasePageSchema.parse((await adminCall('GET', '/cases?pageSize=2&page=2')).body);
    expect(small).toMatchObject({ page: 2, pageSize: 2, total: page.total });
    expect(small.items.map((c) => c.id)).toEqual(page.items.slice(2, 4).map((c) => c.id));
  });

  it.each(['pageSize=51', 'pageSize=0', 'page=0', 'status=all', 'page=abc'])('refuses ?%s (400)', async (q) => {
    expect((await adminCall('GET', `/cases?${q}`)).status).toBe(400);
  });
});

describe('dismiss', () => {
  it('makes a hidden item visible again: the case dismissed, its reports closed, content-restored, an audit line', async () => {
    const itemId = newItem();
    for (const r of reporters.slice(0, 3)) await report(r, { kind: 'listing', itemId, reason: 'spam' });
    const c = await caseOf('listing', itemId);
    expect(c.status).toBe('hidden');
    const res = await adminCall('POST', `/cases/${c._id}/dismiss`, { note: 'A normal listing.' });
    expect(res.status).toBe(200);
    expect(ModerationCaseSchema.parse(res.body)).toMatchObject({ id: c._id, status: 'dismissed', decidedAt: expect.any(String) });
    expect(await h.emitted(ContentRestored, ofCase(c._id))).toEqual([{ caseId: c._id, kind: 'listing', itemId, authorId: author.userId }]);
    expect(await h.deps.reports.model.countDocuments({ caseId: c._id, status: 'open' })).toBe(0);
    const pending = ModerationCasePageSchema.parse((await adminCall('GET', '/cases?pageSize=50')).body);
    expect(pending.items.some((x) => x.id === c._id)).toBe(false);
    const closed = ModerationCasePageSchema.parse((await adminCall('GET', '/cases?status=closed&pageSize=50')).body);
    expect(closed.items.find((x) => x.id === c._id)).toMatchObject({ status: 'dismissed', reportCount: 3 });
    const line = await h.deps.log.model.findOne({ action: 'dismiss', caseId: c._id }).lean().exec();
    expect(line).toMatchObject({ actorId: admin.userId, actorName: admin.username, note: 'A normal listing.', itemId });

    // Decided: a second decision is refused.
    expect((await adminCall('POST', `/cases/${c._id}/dismiss`, {})).status).toBe(409);
    expect((await adminCall('POST', `/cases/${c._id}/remove`, { reason: 'spam' })).status).toBe(409);
  });

  it('emits no content-restored for an item that was never hidden', async () => {
    const itemId = newItem();
    await report(reporters[0]!, { kind: 'listing', itemId, reason: 'spam' });
    const c = await caseOf('listing', itemId);
    expect((await adminCall('POST', `/cases/${c._id}/dismiss`)).status).toBe(200);
    expect(await h.emitted(ContentRestored, ofCase(c._id))).toEqual([]);
  });

  it('reopens a dismissed case only for new reporters, counting from zero', async () => {
    const itemId = newItem();
    for (const r of reporters.slice(0, 3)) await report(r, { kind: 'listing', itemId, reason: 'spam' });
    const c = await caseOf('listing', itemId);
    expect((await adminCall('POST', `/cases/${c._id}/dismiss`, {})).status).toBe(200);
    const earlier = await report(reporters[0]!, { kind: 'listing', itemId, reason: 'scam' });
    expect(earlier.status).toBe(409);
    expect((await caseOf('listing', itemId)).status).toBe('dismissed');
    expect((await report(reporters[3]!, { kind: 'listing', itemId, reason: 'scam' })).status).toBe(201);
    const reopened = ModerationCasePageSchema.parse((await adminCall('GET', '/cases?pageSize=50')).body).items.find((x) => x.id === c._id)!;
    expect(reopened).toMatchObject({ status: 'open', reportCount: 1, reasons: [{ reason: 'scam', count: 1 }], decidedAt: null });
    expect(reopened.reports.map((r) => r.reporterId)).toEqual([reporters[3]!.userId]);
    await report(reporters[4]!, { kind: 'listing', itemId, reason: 'scam' });
    expect((await caseOf('listing', itemId)).status).toBe('open');
    await report(reporters[5]!, { kind: 'listing', itemId, reason: 'scam' });
    expect((await caseOf('listing', itemId)).status).toBe('hidden');
    expect(await h.emitted(ContentHidden, ofCase(c._id))).toHaveLength(2);
  });

  it('answers 404 for an unknown case or an id that is not one', async () => {
    expect((await adminCall('POST', `/cases/${randomUUID()}/dismiss`, {})).status).toBe(404);
    expect((await adminCall('POST', '/cases/not-an-id/dismiss', {})).status).toBe(404);
    expect((await adminCall('POST', `/cases/${randomUUID()}/remove`, { reason: 'spam' })).status).toBe(404);
  });
});

describe('remove', () => {
  it('removes the item: content-removed with its title, path, reason and note; an audit line; no more reports', async () => {
    const itemId = newItem('forum-post', { title: 'Buy followers now', path: `/forum/post-${'1'}` });
    await report(reporters[0]!, { kind: 'forum-post', itemId, reason: 'spam' });
    const c = await caseOf('forum-post', itemId);
    const res = await adminCall('POST', `/cases/${c._id}/remove`, { reason: 'spam', note: 'Advertising is not allowed.' });
    expect(res.status).toBe(200);
    expect(ModerationCaseSchema.parse(res.body).status).toBe('removed');
    expect(await h.emitted(ContentRemoved, ofCase(c._id))).toEqual([
      { caseId: c._id, kind: 'forum-post', itemId, authorId: author.userId, title: 'Buy followers now', path: '/forum/post-1', reason: 'spam', note: 'Advertising is not allowed.' },
    ]);
    const line = await h.deps.log.model.findOne({ action: 'remove', caseId: c._id }).lean().exec();
    expect(line).toMatchObject({ actorId: admin.userId, reason: 'spam', note: 'Advertising is not allowed.', userId: author.userId });
    // The owner has not deleted it yet: a new report still finds the item removed.
    expect((await report(reporters[1]!, { kind: 'forum-post', itemId, reason: 'spam' })).status).toBe(404);
  });

  it.each([
    ['no reason', {}],
    ['an unknown reason', { reason: 'nope' }],
    ['an over-long note', { reason: 'spam', note: 'x'.repeat(REPORT_DETAILS_MAX + 1) }],
    ['an unknown field', { reason: 'spam', extra: 1 }],
  ])('refuses a body with %s (400)', async (_label, body) => {
    const itemId = newItem();
    await report(reporters[0]!, { kind: 'listing', itemId, reason: 'spam' });
    const c = await caseOf('listing', itemId);
    expect((await adminCall('POST', `/cases/${c._id}/remove`, body)).status).toBe(400);
    expect((await caseOf('listing', itemId)).status).toBe('open');
  });
});

describe('bans', () => {
  it('bans a user (user-banned, a ban record, an audit line), refuses a second ban, and unbans (user-unbanned)', async () => {
    const target = await h.newSession();
    const res = await adminCall('POST', `/users/${target.userId}/ban`, { reason: 'Scam listings' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: target.userId, username: target.username, reason: 'Scam listings', bannedBy: admin.userId });
    expect(await h.emitted(UserBanned, (d) => d.userId === target.userId)).toEqual([{ userId: target.userId, actorId: admin.userId, reason: 'Scam listings' }]);
    const bans = BannedUserPageSchema.parse((await adminCall('GET', '/bans?pageSize=50')).body);
    expect(bans.items.find((b) => b.userId === target.userId)).toMatchObject({ username: target.username, reason: 'Scam listings' });

    const twice = await adminCall('POST', `/users/${target.userId}/ban`, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(await h.emitted(UserBanned, (d) => d.userId === target.userId)).toHaveLength(1);

    expect((await adminCall('POST', `/users/${target.userId}/unban`, { note: 'Appeal accepted' })).status).toBe(204);
    expect(await h.emitted(UserUnbanned, (d) => d.userId === target.userId)).toEqual([{ userId: target.userId, actorId: admin.userId }]);
    expect(BannedUserPageSchema.parse((await adminCall('GET', '/bans?pageSize=50')).body).items.some((b) => b.userId === target.userId)).toBe(false);
    expect((await adminCall('POST', `/users/${target.userId}/unban`, {})).status).toBe(409);
    expect(await h.emitted(UserUnbanned, (d) => d.userId === target.userId)).toHaveLength(1);
    // Banned again after the unban: a new record.
    expect((await adminCall('POST', `/users/${target.userId}/ban`, { reason: 'Back at it' })).status).toBe(201);
  });

  it('links a ban to the case it was decided from', async () => {
    const itemId = newItem();
    await report(reporters[0]!, { kind: 'listing', itemId, reason: 'scam' });
    const c = await caseOf('listing', itemId);
    const target = await h.newSession();
    expect((await adminCall('POST', `/users/${target.userId}/ban`, { reason: 'Scam', caseId: c._id })).status).toBe(201);
    expect(await h.deps.log.model.findOne({ action: 'ban', userId: target.userId }).lean().exec()).toMatchObject({ caseId: c._id, kind: 'listing', itemId });
    expect((await adminCall('POST', `/users/${(await h.newSession()).userId}/ban`, { reason: 'Scam', caseId: randomUUID() })).status).toBe(404);
  });

  it('refuses banning yourself or another admin (409), an unknown user (404), an id that is not one (404), no reason (400)', async () => {
    expect((await adminCall('POST', `/users/${admin.userId}/ban`, { reason: 'Me' })).status).toBe(409);
    const otherAdmin = await h.newAdminSession();
    const refused = await adminCall('POST', `/users/${otherAdmin.userId}/ban`, { reason: 'A colleague' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('An administrator cannot be banned');
    expect(await h.emitted(UserBanned, (d) => d.userId === otherAdmin.userId)).toEqual([]);
    expect((await adminCall('POST', `/users/${randomUUID()}/ban`, { reason: 'Nobody' })).status).toBe(404);
    expect((await adminCall('POST', '/users/12345/ban', { reason: 'Nobody' })).status).toBe(404);
    const target = await h.newSession();
    expect((await adminCall('POST', `/users/${target.userId}/ban`, {})).status).toBe(400);
    expect((await adminCall('POST', `/users/${target.userId}/ban`, { reason: '   ' })).status).toBe(400);
    expect((await adminCall('POST', `/users/${target.userId}/ban`, { reason: 'x'.repeat(REPORT_DETAILS_MAX + 1) })).status).toBe(400);
    expect((await adminCall('POST', `/users/${randomUUID()}/unban`, {})).status).toBe(409);
    expect(await h.emitted(UserBanned, (d) => d.userId === admin.userId || d.userId === target.userId)).toEqual([]);
  });
});

describe('admins only', () => {
  // Every row has its three values: jest takes a test function with more parameters than its row for one that wants `done`.
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/cases', undefined],
    ['GET', '/cases?status=closed', undefined],
    ['POST', '/cases/:id/dismiss', {}],
    ['POST', '/cases/:id/remove', { reason: 'spam' }],
    ['POST', '/users/:id/ban', { reason: 'x' }],
    ['POST', '/users/:id/unban', {}],
    ['GET', '/bans', undefined],
    ['GET', '/log', undefined],
  ];

  it.each(routes)('%s %s: 403 for a signed-in user who is not an admin, 401 signed out', async (method, template, body) => {
    const path = () => template.replace(':id', randomUUID());
    const asUser = await adminCall(method, path(), body, reporters[0]!);
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toEqual(expect.any(String));
    expect((await adminCall(method, path(), body, null)).status).toBe(401);
  });

  it('lets a non-admin change nothing', async () => {
    const itemId = newItem();
    await report(reporters[0]!, { kind: 'listing', itemId, reason: 'spam' });
    const c = await caseOf('listing', itemId);
    expect((await adminCall('POST', `/cases/${c._id}/remove`, { reason: 'spam' }, reporters[1]!)).status).toBe(403);
    expect((await adminCall('POST', `/users/${author.userId}/ban`, { reason: 'x' }, reporters[1]!)).status).toBe(403);
    expect((await caseOf('listing', itemId)).status).toBe('open');
    expect(await h.emitted(UserBanned, (d) => d.userId === author.userId)).toEqual([]);
  });
});

describe('the audit log', () => {
  it('lists every action, newest first, with who did it and why', async () => {
    const itemId = newItem();
    // Reporters with no dismissed reports yet (those of the tests above have some): their reports hide the item.
    for (const r of await Promise.all([0, 1, 2].map(() => h.newTrustedSession()))) await report(r, { kind: 'listing', itemId, reason: 'scam' });
    const c = await caseOf('listing', itemId);
    await adminCall('POST', `/cases/${c._id}/dismiss`, { note: 'Fine' });
    const other = newItem();
    await report(reporters[0]!, { kind: 'listing', itemId: other, reason: 'spam' });
    const oc = await caseOf('listing', other);
    await adminCall('POST', `/cases/${oc._id}/remove`, { reason: 'spam', note: 'Ads' });
    const target = await h.newSession();
    await adminCall('POST', `/users/${target.userId}/ban`, { reason: 'Spammer', caseId: oc._id });
    await adminCall('POST', `/users/${target.userId}/unban`, { note: 'Appeal' });

    const log = ModerationLogPageSchema.parse((await adminCall('GET', '/log?pageSize=5')).body);
    expect(log.items.map((e) => e.action)).toEqual(['unban', 'ban', 'remove', 'dismiss', 'auto-hide']);
    // `subject`: what it was done to as people read it — the item's title, or the banned user's name.
    expect(log.items[0]).toMatchObject({ actorId: admin.userId, actorName: admin.username, userId: target.userId, note: 'Appeal', subject: target.username });
    expect(log.items[1]).toMatchObject({ userId: target.userId, reason: 'Spammer', caseId: oc._id, subject: target.username });
    expect(log.items[2]).toMatchObject({ caseId: oc._id, itemId: other, reason: 'spam', note: 'Ads', subject: 'A listing to report' });
    expect(log.items[3]).toMatchObject({ caseId: c._id, note: 'Fine', subject: 'A listing to report' });
    expect(log.items[4]).toMatchObject({ caseId: c._id, actorId: null, actorName: null, subject: 'A listing to report' });
    const at = log.items.map((e) => e.at);
    expect(at).toEqual([...at].sort().reverse());
    expect(log.total).toBeGreaterThanOrEqual(5);
    expect((await adminCall('GET', '/log?pageSize=500')).status).toBe(400);
    expect((await adminCall('GET', '/bans?page=-1')).status).toBe(400);
  });
});
