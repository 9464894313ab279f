import { ContentReported, DEMO_ACCOUNTS } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { DEMO_REPORTED_LISTING_ID, seedDemoReport } from '../src/seed/seed.ts';
import { snapshot, startModeration } from './helpers.ts';

const h = harnessForFile(() => startModeration({ hideThreshold: 3 }));

describe('the demo report', () => {
  it('waits for the demo listing at listings, files one report on it by another demo account, and is idempotent', async () => {
    const seeding = seedDemoReport(h.deps, { retryMs: 50, attempts: 400 });
    h.owners.put(snapshot('listing', DEMO_REPORTED_LISTING_ID, DEMO_ACCOUNTS.vikram.id, { title: 'Prestige pressure cooker and tawa set – unused' }));
    expect(await seeding.done).toBe('filed');

    const c = (await h.deps.cases.findByItem('listing', DEMO_REPORTED_LISTING_ID))!;
    // One report: below the threshold, the listing stays visible.
    expect(c).toMatchObject({ status: 'open', reportCount: 1 });
    const reports = await h.deps.reports.model.find({ caseId: c._id }).lean().exec();
    expect(reports.map((r) => [r.reporterId, r.reporterName, r.reason])).toEqual([[DEMO_ACCOUNTS.anjali.id, 'anjali', 'scam']]);
    expect(await h.emitted(ContentReported, (d) => d.caseId === c._id)).toHaveLength(1);

    // A second start: a case exists, nothing more is filed.
    expect(await seedDemoReport(h.deps, { retryMs: 50 }).done).toBe('skipped');
    expect(await h.deps.reports.model.countDocuments({})).toBe(1);
  });

  it('stops at once when the service stops', async () => {
    await h.deps.cases.model.deleteMany({});
    await h.deps.reports.model.deleteMany({});
    h.owners.delete('listing', DEMO_REPORTED_LISTING_ID);
    const seeding = seedDemoReport(h.deps, { retryMs: 60_000 });
    await seeding.stop();
    expect(await seeding.done).toBe('gave-up');
    expect(await h.deps.cases.model.countDocuments({})).toBe(0);
  });
});
