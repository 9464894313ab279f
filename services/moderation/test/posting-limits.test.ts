import { randomUUID } from 'node:crypto';
import { MODERATION_MESSAGES } from '@cp/contracts';
import { call, snapshot, startModeration, type ModerationHarness, type Session } from './helpers.ts';

let h: ModerationHarness;
let author: Session;

beforeAll(async () => {
  // Reports: 2 a day for new accounts (every test account is younger than a day).
  h = await startModeration({ postingLimits: { report: { limit: 5, newAccountLimit: 2 } } });
  author = await h.newSession();
});
afterAll(async () => {
  await h?.close();
});

function newItem(): string {
  const itemId = randomUUID();
  h.owners.put(snapshot('listing', itemId, author.userId));
  return itemId;
}
const report = (who: Session, itemId: string) => call(h.base, 'POST', '/api/reports', { body: { kind: 'listing', itemId, reason: 'spam' }, cookie: who.cookie });

describe('the posting limit on reports', () => {
  it('refuses the report over the limit with 429, Retry-After and a sentence saying when; a refused report uses no slot', async () => {
    const reporter = await h.newSession();
    const first = newItem();
    expect((await report(reporter, first)).status).toBe(201);
    // A second report of the same item is refused (409) inside the transaction: its slot is given back.
    expect((await report(reporter, first)).status).toBe(409);
    expect((await report(reporter, newItem())).status).toBe(201);
    const over = newItem();
    const refused = await report(reporter, over);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^New accounts \(for their first 24 hours\) can post up to 2 reports a day\. You can post again in about 24 hours\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await h.deps.cases.findByItem('listing', over)).toBeNull();
    // Another user is not limited by this one's reports.
    expect((await report(await h.newSession(), over)).status).toBe(201);
  });

  it('counts per user, not per item: the same reporter on many items', async () => {
    const reporter = await h.newSession();
    const answers = await Promise.all([newItem(), newItem(), newItem(), newItem()].map((id) => report(reporter, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429]);
    expect(answers.filter((a) => a.status === 201).every((a) => a.body.message === MODERATION_MESSAGES.reported)).toBe(true);
  });
});
