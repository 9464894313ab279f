import { AdvertisementInsertSchema, AdvertisementSchema } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { makeKeys } from '../../identity/test/helpers.ts';
import { loadAdsConfig } from '../src/config.ts';
import { demoAdId, seedDemoAds } from '../src/seed/seed.ts';
import { DEMO_ADS } from '../src/seed/demo-ads.ts';
import { call, startAds } from './helpers.ts';

const h = harnessForFile(startAds);

describe('the demo advertisements (npm start only)', () => {
  it('inserts the demo ads once, valid like the admin form, with their counters, statuses and created events', async () => {
    for (const { ad } of DEMO_ADS) expect(AdvertisementInsertSchema.safeParse(ad).success).toBe(true);
    expect(await seedDemoAds(h.deps)).toBe(DEMO_ADS.length);

    const admin = await h.newAdminSession();
    const all = (await call(h.base, 'GET', '/api/advertisements', { cookie: admin.cookie })).body as unknown as unknown[];
    const ads = all.map((a) => AdvertisementSchema.parse(a));
    expect(ads.map((a) => a.id).sort()).toEqual(DEMO_ADS.map((d) => demoAdId(d.slug)).sort());
    for (const demo of DEMO_ADS) {
      const ad = ads.find((a) => a.id === demoAdId(demo.slug))!;
      expect(ad).toMatchObject({ title: demo.ad.title, placement: demo.ad.placement, impressions: demo.impressions, clicks: demo.clicks });
      expect(ad.clicks).toBeLessThanOrEqual(ad.impressions);
    }
    // The admin tab shows every status: one paused, one that ended (expired); visitors see only the active ones in their dates.
    expect(ads.some((a) => a.status === 'paused')).toBe(true);
    expect(ads.some((a) => a.status === 'expired')).toBe(true);
    const visible = (await call(h.base, 'GET', '/api/advertisements')).body as unknown as Array<{ id: string; status: string }>;
    expect(visible.length).toBeGreaterThan(0);
    expect(visible.every((a) => a.status === 'active')).toBe(true);
    expect(visible.length).toBeLessThan(ads.length);

    expect(await seedDemoAds(h.deps)).toBe(0);
    expect(await h.deps.ads.model.countDocuments()).toBe(DEMO_ADS.length);
  });

  it('seeds nothing when an ad already exists (an admin made one)', async () => {
    await h.deps.ads.model.deleteMany({});
    const admin = await h.newAdminSession();
    const made = await call(h.base, 'POST', '/api/advertisements', {
      cookie: admin.cookie,
      body: { title: 'Our own ad', description: 'Made by the admin.', ctaText: 'Go', ctaUrl: 'https://own.example' },
    });
    expect(made.status).toBe(201);
    expect(await seedDemoAds(h.deps)).toBe(0);
    expect(await h.deps.ads.model.countDocuments()).toBe(1);
  });

  it('config: off unless asked for, and refused in production', () => {
    const base = { MONGO_URL: 'mongodb://x', NATS_URL: 'nats://x', IDENTITY_URL: 'http://127.0.0.1:1', JWT_PUBLIC_KEY: makeKeys().publicKey };
    expect(loadAdsConfig(base).SEED_DEMO_DATA).toBe(false);
    expect(loadAdsConfig({ ...base, SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
    expect(() => loadAdsConfig({ ...base, NODE_ENV: 'production', SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA: demo advertisements are never created in production/);
  });
});
