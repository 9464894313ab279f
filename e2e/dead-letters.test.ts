import { eventStream, ListingCreated } from '@cp/contracts';
import { connectNats, createLogger, DEAD_LETTER_STREAM, type NatsHandle } from '@cp/service-kit';
import { e2eEnv } from './support/env.ts';
import { newUser, registerDirect } from './support/site.ts';

/**
 * A listing-created event, published by the listings service of the running system, reaches no consumer's dead letters
 * (issue 26 §6): every consumer reads only the events it handles. Checked once every consumer of the listings stream
 * (listings' image clean-up and whatever else the system runs) has read all there is.
 */

let nats: NatsHandle;
/** Deletes the test's listing (other files count the listings of a category). */
let removeListing: (() => Promise<unknown>) | undefined;
beforeAll(async () => {
  nats = await connectNats({ url: e2eEnv().infra.NATS_URL, name: 'e2e-dead-letters', logger: createLogger('e2e', 'silent') });
});
afterAll(async () => {
  await removeListing?.();
  await nats?.close();
});

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000, state?: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${state ? `: ${JSON.stringify(await state())}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every dead letter of the system (`deadletter.>`): its consumer's subject, the event's subject and the event. */
async function deadLetters(): Promise<Array<{ subject: string; original: string; event: { id?: string; data?: { listingId?: string } } }>> {
  const out: Array<{ subject: string; original: string; event: { id?: string; data?: { listingId?: string } } }> = [];
  for (let seq = 1; ; ) {
    const m = await nats.jsm.streams.getMessage(DEAD_LETTER_STREAM, { seq, next_by_subj: 'deadletter.>' } as unknown as { seq: number });
    if (!m) return out;
    let event: { id?: string; data?: { listingId?: string } } = {};
    try {
      event = m.json();
    } catch {
      // not JSON: not ours
    }
    out.push({ subject: m.subject, original: m.header.get('Cp-Original-Subject'), event });
    seq = m.seq + 1;
  }
}

test('a new listing\'s listing-created event is in no dead-letter stream of any consumer', async () => {
  const { serviceUrls } = e2eEnv();
  const token = await registerDirect(newUser('deadletters'));
  const res = await fetch(`${serviceUrls.listings}/api/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `cp_session=${token}` },
    body: JSON.stringify({ title: 'Dead letter check: a rice cooker', category: 'Buy & Sell', description: 'Seven cup rice cooker, works well, pick up only.', price: 20, location: 'Enola PA' }),
    signal: AbortSignal.timeout(15_000),
  });
  expect(res.status).toBe(201);
  const listingId = ((await res.json()) as { id: string }).id;
  removeListing = () => fetch(`${serviceUrls.listings}/api/listings/${listingId}`, { method: 'DELETE', headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(15_000) });
  const stream = eventStream('listings').name;

  // The event is in the stream (the outbox relay published it) ...
  const created = async () => {
    for (let seq = 1, last = (await nats.jsm.streams.info(stream)).state.last_seq; seq <= last; ) {
      const m = await nats.jsm.streams.getMessage(stream, { seq, next_by_subj: ListingCreated.subject } as unknown as { seq: number });
      if (!m) return false;
      if ((m.json() as { data: { listingId: string } }).data.listingId === listingId) return true;
      seq = m.seq + 1;
    }
    return false;
  };
  await until('the listing-created event published', created);
  // ... and every consumer of the stream has read all there is.
  const consumers = async () => {
    const all = [];
    for await (const c of nats.jsm.consumers.list(stream)) all.push({ name: c.name, filter: c.config.filter_subject, pending: c.num_pending, ackPending: c.num_ack_pending });
    return all;
  };
  await until(
    'every consumer of the listings stream caught up',
    async () => {
      const all = await consumers();
      return all.length > 0 && all.every((c) => c.pending === 0 && c.ackPending === 0);
    },
    60_000,
    consumers,
  );

  const ofThisListing = (await deadLetters()).filter((d) => d.event.data?.listingId === listingId);
  expect(ofThisListing).toEqual([]);
  expect((await deadLetters()).filter((d) => d.original === ListingCreated.subject)).toEqual([]);
});
