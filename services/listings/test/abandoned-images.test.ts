import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ForumPostCreated } from '@cp/contracts';
import { ensureStream, publishEvent } from '@cp/service-kit';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { imageClaimsConsumer } from '../src/events/image-claims.ts';
import { startAbandonedImageSweep } from '../src/jobs/abandoned-images.ts';
import type { ObjectStore } from '@cp/service-kit';
import { storeImage } from '../src/images/storage-keys.ts';
import { removeAbandonedImages } from '../src/use-cases/remove-abandoned-images.ts';
import { call, listingBody, startListings, testStore, until } from './helpers.ts';

const h = harnessForFile(startListings);
// A bucket of its own: a sweep removes every unused image of its bucket, and the other test files upload in parallel.
let store: ObjectStore;
let cookie: string;
let userId: string;

beforeAll(async () => {
  ({ cookie, userId } = await h.newSession());
  store = testStore(`abandoned-${randomUUID().slice(0, 8)}`);
  await store.ensureBucket();
});

const png = (color: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();
/** Stores an image in this file's bucket as an upload of the test's user (what POST /api/upload does). */
const upload = async (color: string) => {
  const image = await storeImage({ store, images: h.deps.images }, await png(color));
  await h.deps.uploads.record([image.url], userId, new Date());
  return image;
};
const keyOf = (url: string) => url.slice('/uploads/'.length);
const exists = async (url: string) => {
  const object = await store.get(keyOf(url));
  object?.stream.destroy();
  return object !== null;
};
const inAMinute = () => new Date(Date.now() + 60_000);

describe('abandoned uploads (images no listing uses)', () => {
  it('removes unused images stored before the cut-off with their thumbnails; keeps used, recent and foreign objects', async () => {
    const used = await upload('#f00');
    const abandoned = await upload('#0f0');
    const { status } = await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody({ imageUrls: [used.url] }) });
    expect(status).toBe(201);
    await store.put('img/notes.txt', Buffer.from('not an image of ours'), 'text/plain');
    await store.put('other/file.webp', Buffer.from('x'), 'image/webp');

    // Everything is younger than an hour: nothing goes.
    expect(await removeAbandonedImages({ store, listings: h.deps.listings, uploads: h.deps.uploads }, new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await exists(abandoned.url)).toBe(true);

    expect(await removeAbandonedImages({ store, listings: h.deps.listings, uploads: h.deps.uploads }, inAMinute())).toBe(2);
    expect(await exists(abandoned.url)).toBe(false);
    expect(await exists(abandoned.thumbnailUrl)).toBe(false);
    // Its record goes with it: the URL can no longer be attached to a listing.
    expect([...(await h.deps.uploads.ownedBy([used.url, abandoned.url], userId))]).toEqual([used.url]);
    expect(await exists(used.url)).toBe(true);
    expect(await exists(used.thumbnailUrl)).toBe(true);
    expect(await store.get('img/notes.txt').then((o) => (o?.stream.destroy(), o !== null))).toBe(true);
    expect(await store.get('other/file.webp').then((o) => (o?.stream.destroy(), o !== null))).toBe(true);

    // A second sweep finds nothing more (replicas sweeping together only repeat each other).
    expect(await removeAbandonedImages({ store, listings: h.deps.listings, uploads: h.deps.uploads }, inAMinute())).toBe(0);
  });

  it('keeps an upload a forum post shows (claimed through forum.post-created), and logs nothing else away', async () => {
    const shown = await upload('#ff0');
    const lonely = await upload('#0ff');
    await ensureStream(h.nats.jsm, 'forum');
    const claims = await imageClaimsConsumer.start(h.deps, h.nats, { durable: `image-claims-test-${randomUUID().slice(0, 8)}` });
    try {
      await publishEvent(h.nats.js, ForumPostCreated, { postId: randomUUID(), userId, category: 'General', title: 'A post with a picture', imageUrl: shown.url });
      await until('the claim recorded', () => h.deps.uploads.isClaimed(shown.url), 10_000);
    } finally {
      await claims.stop();
    }
    await removeAbandonedImages({ store, listings: h.deps.listings, uploads: h.deps.uploads }, inAMinute());
    expect(await exists(shown.url)).toBe(true);
    expect(await exists(shown.thumbnailUrl)).toBe(true);
    expect(await exists(lonely.url)).toBe(false);
  });

  it('the periodic sweep runs on its own, one period after start, and stops cleanly', async () => {
    const abandoned = await upload('#00f');
    const sweep = startAbandonedImageSweep({ store, listings: h.deps.listings, uploads: h.deps.uploads, logger: h.deps.logger }, { everyMs: 200, maxAgeMs: 0, now: () => Date.now() + 60_000 });
    try {
      await until('the abandoned upload removed', async () => !(await exists(abandoned.url)), 10_000);
      expect(await exists(abandoned.thumbnailUrl)).toBe(false);
    } finally {
      await sweep.stop();
    }
  });
});
