/**
 * Ad click benchmark (issue 13): POST /api/advertisements/{id}/click — answered once JetStream stored the click event —
 * three ways in the same run: through the gateway, the ads service directly, and a bare node:http server doing the same
 * JetStream publish (same event, same Nats-Msg-Id, waiting for the stream's acknowledgement) with no framework and no
 * known-ad check. Then the time from the end of the load until the ad's counter holds every accepted click (the
 * ads-counter folding the events in batches). The load is one visitor (the same address and browser, no cookie), so
 * the counter counts its first click and filters the rest as repeats (issue 26): every stored click is folded exactly
 * once when counted + filtered equals them. Loopback only; bounded in time (the caller's `measure`) and in the wait.
 */
import { MongoClient } from 'mongodb';
import { AdClickRecorded, eventStream } from '@cp/contracts';
import { connectNats, createLogger, publishEvent } from '@cp/service-kit';
import type { Measure } from './measure.ts';
import { listenBare, printThreeWayHeader, threeWays, type BareServer } from './bare-server.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const CATCH_UP_LIMIT_MS = 120_000;

export async function benchAds(opts: { mongoUrl: string; natsUrl: string; gatewayUrl: string; adsUrl: string; measure: Measure }): Promise<void> {
  const client = new MongoClient(opts.mongoUrl);
  const ads = client.db('ads').collection<{ _id: string; clicks: number; clicksFiltered?: number; placement: 'homepage-top' }>('advertisements');
  /** Clicks folded into the ad: counted and filtered. */
  const folded = (ad: { clicks: number; clicksFiltered?: number } | null) => (ad ? ad.clicks + (ad.clicksFiltered ?? 0) : 0);
  const nats = await connectNats({ url: opts.natsUrl, name: 'bench-ads-bare', logger: createLogger('bench', 'silent') });
  let bare: BareServer | undefined;
  try {
    const ad = await ads.findOne({ status: 'active' });
    if (!ad) throw new Error('no active ad: the bench stack runs with the demo ads');
    bare = await listenBare(async (_req, res) => {
      await publishEvent(nats.js, AdClickRecorded, { adId: ad._id, placement: ad.placement });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"counted":true}');
    });
    // What the counter must reach: every click the stream stored during the bench (autocannon cuts off the requests
    // in flight when a run ends: the server may still have stored them, so the answers counted are not the truth).
    const storedClicks = async () => {
      const info = await nats.jsm.streams.info(eventStream('ads').name, { subjects_filter: AdClickRecorded.subject });
      return (info.state.subjects as Record<string, number> | undefined)?.[AdClickRecorded.subject] ?? 0;
    };
    const storedBefore = await storedClicks();
    const before = folded(ad);
    console.log(`\nbench: POST /api/advertisements/{id}/click (answered once JetStream stored the event)`);
    printThreeWayHeader();
    const rows = await threeWays(opts.measure, 'click', 'ads', `/api/advertisements/${ad._id}/click`, { gateway: opts.gatewayUrl, service: opts.adsUrl, bare }, { 'user-agent': BROWSER }, 'POST');
    const stopped = Date.now();
    const accepted = rows.reduce((sum, r) => sum + r.answered, 0);
    // The requests cut off in flight are still being stored for a moment: the stream's count settles first.
    let stored = await storedClicks();
    for (;;) {
      await new Promise((r) => setTimeout(r, 300));
      const now = await storedClicks();
      if (now === stored) break;
      stored = now;
    }
    const expected = before + stored - storedBefore;
    let clicks = before;
    while (Date.now() - stopped < CATCH_UP_LIMIT_MS) {
      clicks = folded(await ads.findOne({ _id: ad._id }));
      if (clicks >= expected) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const caughtUp = clicks === expected;
    const after = await ads.findOne({ _id: ad._id });
    console.log(
      caughtUp
        ? `the counter held all ${expected - before} stored clicks (${accepted} answered 202 before the runs' cut-off) ${Date.now() - stopped} ms after the load stopped: ${after?.clicks ?? 0} counted, ${after?.clicksFiltered ?? 0} filtered in all`
        : `the counter held ${clicks - before} of ${expected - before} stored clicks after ${CATCH_UP_LIMIT_MS / 1000} s (${clicks > expected ? 'too many' : 'not caught up'})`,
    );
  } finally {
    await bare?.close();
    await nats.close();
    await client.close();
  }
}
