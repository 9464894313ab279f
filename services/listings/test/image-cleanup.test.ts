import sharp from 'sharp';
import { DEAD_LETTER_STREAM, type NatsHandle } from '@cp/service-kit';
import { call, listingBody, startListings, until, type ListingsHarness } from './helpers.ts';

let h: ListingsHarness;
let cookie: string;
beforeAll(async () => {
  h = await startListings({ imageCleanup: true });
  cookie = (await h.newSession()).cookie;
});
afterAll(async () => {
  await h?.close();
});

async function uploadOne(color: string): Promise<{ url: string; thumbnailUrl: string }> {
  const form = new FormData();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();
  form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${h.base}/api/upload`, { method: 'POST', body: form, headers: { cookie } });
  expect(res.status).toBe(201);
  return (await res.json()) as { url: string; thumbnailUrl: string };
}

const status = async (url: string) => {
  const res = await fetch(h.base + url);
  await res.arrayBuffer();
  return res.status;
};

it('removes the files of images no listing uses after a delete or an edit, and keeps shared ones', async () => {
  const [a, b, c] = [await uploadOne('#f00'), await uploadOne('#0f0'), await uploadOne('#00f')];
  const l1 = (await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody({ imageUrls: [a.url, b.url] }) })).body.id as string;
  const l2 = (await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody({ imageUrls: [b.url] }) })).body.id as string;

  // The edit takes B off listing 1 (listing 2 still shows it) and adds C.
  expect((await call(h.base, 'PUT', `/api/listings/${l1}`, { cookie, body: { imageUrls: [a.url, c.url] } })).status).toBe(200);
  expect((await call(h.base, 'DELETE', `/api/listings/${l1}`, { cookie })).status).toBe(200);
  await until('A and C removed', async () => (await status(a.url)) === 404 && (await status(c.url)) === 404);
  expect(await status(a.thumbnailUrl)).toBe(404);
  expect(await status(c.thumbnailUrl)).toBe(404);
  // Listing 2 still shows B: neither the edit's event nor the deletion's removed it.
  expect(await status(b.url)).toBe(200);

  expect((await call(h.base, 'DELETE', `/api/listings/${l2}`, { cookie })).status).toBe(200);
  await until('B removed', async () => (await status(b.url)) === 404 && (await status(b.thumbnailUrl)) === 404);
});

/** Every dead letter of every consumer (`deadletter.>`), oldest first. */
async function allDeadLetters(nats: NatsHandle) {
  const out: Array<{ originalSubject: string; data: { listingId?: string } }> = [];
  for (let seq = 1; ; ) {
    const m = await nats.jsm.streams.getMessage(DEAD_LETTER_STREAM, { seq, next_by_subj: 'deadletter.>' } as unknown as { seq: number });
    if (!m) return out;
    // A dead letter's payload is whatever failed, not always JSON (other tests dead-letter "not json at all").
    let data: { listingId?: string } = {};
    try {
      data = (m.json() as { data?: { listingId?: string } } | null)?.data ?? {};
    } catch {
      // not JSON: not a listing's event
    }
    out.push({ originalSubject: m.header.get('Cp-Original-Subject'), data });
    seq = m.seq + 1;
  }
}

it('a new listing\'s listing-created event is dead-lettered by no consumer (image clean-up reads only what it handles)', async () => {
  const image = await uploadOne('#ff0');
  const id = (await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody({ imageUrls: [image.url] }) })).body.id as string;
  expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie })).status).toBe(200);
  // The clean-up handled the deletion, which the stream holds after the creation.
  await until('the image removed', async () => (await status(image.url)) === 404);
  const mine = (await allDeadLetters(h.nats)).filter((d) => d.data.listingId === id);
  expect(mine.map((d) => d.originalSubject)).toEqual([]);
});
