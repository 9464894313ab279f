import { randomUUID } from 'node:crypto';
import { MessagingListingSchema } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { call, createListing, startListings } from './helpers.ts';

const h = harnessForFile(startListings);
let alice: { cookie: string; userId: string };

beforeAll(async () => {
  alice = await h.newSession();
});

const create = (overrides: Record<string, unknown> = {}) => createListing(h.base, alice.cookie, overrides);
const read = (id: string) => call(h.base, 'GET', `/internal/listings/${id}/messaging`);

describe('GET /internal/listings/:id/messaging (the messages service, issue 23)', () => {
  it('answers the owner, title, first image, status and that the public sees it', async () => {
    const l = await create({ title: 'Brass study lamp for sale' });
    const res = await read(l.id);
    expect(res.status).toBe(200);
    expect(MessagingListingSchema.parse(res.body)).toEqual({ id: l.id, userId: alice.userId, title: 'Brass study lamp for sale', thumbnailUrl: null, status: 'active', visible: true });

    // The first of its images is the thumbnail (set in the database: uploads are not this test's subject).
    const images = [`/uploads/img/${randomUUID()}.webp`, `/uploads/img/${randomUUID()}.webp`];
    await h.conn.collection('listings').updateOne({ _id: l.id as never }, { $set: { imageUrls: images } });
    expect(MessagingListingSchema.parse((await read(l.id)).body).thumbnailUrl).toBe(images[0]);
  });

  it('says when the public does not see it: hidden by moderation, or expired', async () => {
    const hidden = await create();
    await h.conn.collection('listings').updateOne({ _id: hidden.id as never }, { $set: { hidden: true } });
    expect(MessagingListingSchema.parse((await read(hidden.id)).body)).toMatchObject({ visible: false, status: 'active' });
    const expired = await create();
    await h.conn.collection('listings').updateOne({ _id: expired.id as never }, { $set: { status: 'expired' } });
    expect(MessagingListingSchema.parse((await read(expired.id)).body)).toMatchObject({ visible: false, status: 'expired' });
  });

  it('404 for an unknown, deleted or malformed id', async () => {
    expect((await read(randomUUID())).status).toBe(404);
    expect((await read('not-an-id')).status).toBe(404);
    const gone = await create();
    expect((await call(h.base, 'DELETE', `/api/listings/${gone.id}`, { cookie: alice.cookie })).status).toBe(200);
    const res = await read(gone.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Listing not found');
  });
});
