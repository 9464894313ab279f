/**
 * A forum post's image, from upload to S3 and out again: the picture is uploaded to the listings service (the site's one
 * upload pipeline, the real S3 of the global setup), the forum post that shows it claims it (forum.post-created), and
 * the post's deletion — the moderation service's removal, the one way a post is deleted — reaches the listings
 * service as forum.post-deleted (the forum's outbox), which lets go of the image: nothing else showing it, its files
 * leave S3. The forum and the listings run side by side, each behind an identity of its own (so the post's author is
 * not the uploader the listings service knows: it logs that and keeps the claim all the same).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ContentRemoved, eventStream, ForumPostDeleted, parseEvent, type EventEnvelope } from '@cp/contracts';
import { consumerBacklog, DEAD_LETTER_STREAM, ensureStream, publishEvent, streamMessages } from '@cp/service-kit';
import { postBody, startForum, type ForumHarness } from '../../forum/test/helpers.ts';
import { imageClaimsConsumer } from '../src/events/image-claims.ts';
import { releaseImage } from '../src/use-cases/release-image.ts';
import { call, listingBody, startListings, until, type ListingsHarness } from './helpers.ts';

let forum: ForumHarness;
let h: ListingsHarness;
let claims: { stop(): Promise<void> };
const durable = `image-claims-test-${randomUUID().slice(0, 8)}`;
let seller: { cookie: string; userId: string };
let author: { cookie: string; userId: string };

beforeAll(async () => {
  forum = await startForum();
  h = await startListings();
  await ensureStream(h.nats.jsm, 'forum');
  claims = await imageClaimsConsumer.start(h.deps, h.nats, { durable, backoffMs: [200] });
  seller = await h.newSession();
  author = await forum.newSession();
});
afterAll(async () => {
  await claims?.stop();
  await h?.close();
  await forum?.close();
});

async function upload(color: string): Promise<{ url: string; thumbnailUrl: string }> {
  const form = new FormData();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();
  form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${h.base}/api/upload`, { method: 'POST', body: form, headers: { cookie: seller.cookie } });
  expect(res.status).toBe(201);
  return (await res.json()) as { url: string; thumbnailUrl: string };
}
/** Whether the object is in S3 (the store itself, not a cache in front of it). */
const inS3 = async (url: string) => {
  const object = await h.deps.store.get(url.slice('/uploads/'.length));
  object?.stream.destroy();
  return object !== null;
};
const newPost = async (imageUrl: string) => {
  const res = await call(forum.base, 'POST', '/api/forum/posts', { cookie: author.cookie, body: postBody({ imageUrl }) });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
/** The moderation service's removal of the post, as it publishes it. */
const removePost = (postId: string) =>
  publishEvent(forum.nats.js, ContentRemoved, { caseId: randomUUID(), kind: 'forum-post', itemId: postId, authorId: author.userId, title: 'whatever', path: '/forum', reason: 'spam', note: null });
/** The post's post-deleted event, once the forum's outbox relay published it (one). */
const deletedEvent = async (postId: string): Promise<EventEnvelope> => {
  let found: EventEnvelope[] = [];
  await until('the post-deleted event published', async () => {
    found = (await streamMessages(h.nats.jsm, eventStream('forum').name))
      .map((m) => parseEvent(m.json()))
      .flatMap((p) => (p.ok && p.event.type === ForumPostDeleted.type && (p.event.data as { postId: string }).postId === postId ? [p.event] : []));
    return found.length > 0;
  });
  expect(found).toHaveLength(1);
  return found[0]!;
};
const processedCount = (eventId: string) => h.conn.collection('processed_events').countDocuments({ consumer: durable, eventId });
/** The dead letters of this test's consumer. */
const deadLetters = async () => {
  const out: string[] = [];
  for (let seq = 1; ; ) {
    const m = await h.nats.jsm.streams.getMessage(DEAD_LETTER_STREAM, { seq, next_by_subj: `deadletter.${eventStream('forum').name}.${durable}` } as unknown as { seq: number });
    if (!m) return out;
    out.push(m.header.get('Cp-Reason'));
    seq = m.seq + 1;
  }
};

it('a removed forum post lets go of its image: its files leave S3 and its upload record goes', async () => {
  const image = await upload('#f0f');
  const postId = await newPost(image.url);
  await until('the post claimed its image', () => h.deps.uploads.isClaimed(image.url));

  await removePost(postId);
  await until('the post deleted', async () => (await forum.deps.posts.findById(postId)) === null);
  await until('its image gone from S3', async () => !(await inS3(image.url)) && !(await inS3(image.thumbnailUrl)));
  expect((await fetch(h.base + image.url)).status).toBe(404);
  expect([...(await h.deps.uploads.ownedBy([image.url], seller.userId))]).toEqual([]);
});

it('the post-deleted event delivered twice deletes once, without an error or a dead letter', async () => {
  const image = await upload('#0f0');
  const postId = await newPost(image.url);
  await until('the post claimed its image', () => h.deps.uploads.isClaimed(image.url));
  await removePost(postId);
  await until('its image gone from S3', async () => !(await inS3(image.url)));
  const event = await deletedEvent(postId);
  await until('the deletion handled', async () => (await processedCount(event.id)) === 1);

  // The same event stored again (a re-publish past the stream's duplicate window): found processed, applied no second time.
  await h.nats.js.publish(ForumPostDeleted.subject, JSON.stringify(event), { msgID: randomUUID() });
  await until('the copy acknowledged', async () => {
    const backlog = await consumerBacklog(h.nats.jsm, eventStream('forum').name, durable);
    return backlog.pending === 0 && backlog.ackPending === 0;
  });
  expect(await processedCount(event.id)).toBe(1);
  expect(await deadLetters()).toEqual([]);
  // And the release itself, applied again, removes nothing more and fails on nothing.
  expect(await releaseImage(h.deps, image.url, `forum:${postId}`)).toBe(false);
  expect(await inS3(image.url)).toBe(false);
});

it('an image still shown elsewhere stays: by a listing, or by another forum post until that one goes too', async () => {
  const shared = await upload('#00f');
  const listing = await call(h.base, 'POST', '/api/listings', { cookie: seller.cookie, body: listingBody({ imageUrls: [shared.url] }) });
  expect(listing.status).toBe(201);
  const twice = await upload('#ff0');
  const [withListingImage, first, second] = [await newPost(shared.url), await newPost(twice.url), await newPost(twice.url)];
  await until('the claims recorded', async () => (await h.deps.uploads.isClaimed(shared.url)) && (await h.conn.collection('uploads').countDocuments({ _id: twice.url as never, claimedBy: { $size: 2 } })) === 1);

  for (const postId of [withListingImage, first]) await removePost(postId);
  for (const postId of [withListingImage, first]) {
    const event = await deletedEvent(postId);
    await until('the deletion handled', async () => (await processedCount(event.id)) === 1);
  }
  expect(await inS3(shared.url)).toBe(true); // the listing shows it
  expect(await inS3(twice.url)).toBe(true); // the second post shows it

  await removePost(second);
  await until('the last post\'s image gone from S3', async () => !(await inS3(twice.url)) && !(await inS3(twice.thumbnailUrl)));
  expect(await inS3(shared.url)).toBe(true);
  expect(await inS3(shared.thumbnailUrl)).toBe(true);
});
