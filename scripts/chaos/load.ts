/**
 * The chaos suite's load: acknowledged writes through the gateway, each with a client id of its own (in the listing's
 * title, the reply's and the review's text, the click's visitor cookie) so the judge finds each by id afterwards.
 * Every request has a timeout; what came back (or did not) is recorded with the fault phase it was sent in.
 */
import { randomBytes, randomUUID } from 'node:crypto';

export type WriteKind = 'listing' | 'edit' | 'reply' | 'review' | 'click';
export const WRITE_KINDS: WriteKind[] = ['listing', 'edit', 'reply', 'review', 'click'];

export interface WriteRecord {
  kind: WriteKind;
  /** The client id the write carries. */
  cid: string;
  phase: string;
  startedAt: number;
  endedAt: number;
  /** Answered with the expected status: the write is acknowledged. */
  acked: boolean;
  /** Not answered within the request timeout (aborted). */
  timedOut: boolean;
  status?: number;
  /** The entity it made or changed: listing id (listing, edit), reply id, review id. */
  id?: string;
  /** listing/edit: the listing's title as written; reply: its post; review: its business; edit: its order. */
  title?: string;
  postId?: string;
  businessId?: string;
  listingId?: string;
  seq?: number;
}

/** Request timeout: the gateway gives up on a service after 10 s (UPSTREAM_TIMEOUT_MS); a request past this hangs. */
export const REQUEST_TIMEOUT_MS = 15_000;

export interface LoadActors {
  gateway: string;
  owners: string[];
  repliers: string[];
  reviewers: string[];
  posts: string[];
  businesses: string[];
  adId: string;
  /** The Cookie header of a browser whose visitor id is `id`, signed as the stack's gateway signs it (infra visitor-cookies.ts). */
  visitorCookie(id: string): string;
}

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export class Load {
  readonly records: WriteRecord[] = [];
  phase = 'warm-up';
  private running = false;
  private loops: Promise<void>[] = [];
  /** Writes in flight now, by kind (a burst adds to them). */
  inFlight = 0;

  private readonly actors: LoadActors;
  /** Pause between two writes of one worker (ms). */
  private readonly paceMs: number;
  /** The mean time between two reviews over all reviewers (ms). */
  private readonly reviewEveryMs: number;

  constructor(actors: LoadActors, paceMs: number, reviewEveryMs: number) {
    this.actors = actors;
    this.paceMs = paceMs;
    this.reviewEveryMs = reviewEveryMs;
  }

  private async send(kind: WriteKind, cid: string, expected: number, req: () => Promise<Response>, extra: Partial<WriteRecord> = {}): Promise<{ record: WriteRecord; body: Record<string, unknown> | undefined }> {
    const record: WriteRecord = { kind, cid, phase: this.phase, startedAt: Date.now(), endedAt: 0, acked: false, timedOut: false, ...extra };
    this.records.push(record);
    this.inFlight += 1;
    let body: Record<string, unknown> | undefined;
    try {
      const res = await req();
      record.status = res.status;
      const text = await res.text();
      if (res.status === expected) {
        record.acked = true;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          body = {};
        }
      }
    } catch (err) {
      record.timedOut = (err as { name?: string }).name === 'TimeoutError';
    } finally {
      record.endedAt = Date.now();
      this.inFlight -= 1;
    }
    return { record, body };
  }

  private post(path: string, cookie: string | undefined, body: unknown, method = 'POST', headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.actors.gateway}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER, ...(cookie ? { cookie } : {}), ...headers },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  /** A listing created (acknowledged: 201 with its id). */
  async createListing(owner: string): Promise<WriteRecord> {
    const cid = `L${randomUUID().slice(0, 12)}`;
    const title = `Chaos ${cid}`;
    const { record, body } = await this.send('listing', cid, 201, () =>
      this.post('/api/listings', owner, { category: 'Buy & Sell', title, description: `Chaos suite listing ${cid}: three seater sofa, pick up only.`, location: 'Harrisburg PA', price: 200, tier: 'free', status: 'active' }),
    { title });
    if (body) record.id = String(body.id ?? body._id);
    return record;
  }

  /** An edit of a listing's title (acknowledged: 200); `seq` orders the edits of one listing. */
  async editListing(owner: string, listingId: string, seq: number): Promise<WriteRecord> {
    const cid = `E${randomUUID().slice(0, 12)}`;
    const title = `Chaos edit ${cid}`;
    const { record } = await this.send('edit', cid, 200, () => this.post(`/api/listings/${listingId}`, owner, { title }, 'PUT'), { title, listingId, id: listingId, seq });
    return record;
  }

  async reply(replier: string, postId: string): Promise<WriteRecord> {
    const cid = `R${randomUUID().slice(0, 12)}`;
    const { record, body } = await this.send('reply', cid, 201, () => this.post(`/api/forum/posts/${postId}/replies`, replier, { content: `Chaos reply ${cid}, thank you for the post.` }), { postId });
    if (body) record.id = String(body.id ?? body._id);
    return record;
  }

  async review(reviewer: string, businessId: string, rating: number): Promise<WriteRecord> {
    const cid = `V${randomUUID().slice(0, 12)}`;
    const { record, body } = await this.send('review', cid, 201, () => this.post(`/api/businesses/${businessId}/reviews`, reviewer, { rating, comment: `Chaos review ${cid}` }), { businessId });
    if (body) record.id = String(body.id ?? body._id);
    return record;
  }

  /** A click from a visitor of its own: the visitor id of its signed cp_vid cookie is the client id. */
  async click(): Promise<WriteRecord> {
    const cid = randomBytes(16).toString('base64url');
    const { record } = await this.send('click', cid, 202, () => this.post(`/api/advertisements/${this.actors.adId}/click`, this.actors.visitorCookie(cid), undefined));
    return record;
  }

  /** Starts the steady load: a worker per listing owner (create, then two edits), per replier, per reviewer, and clicks. */
  start(): void {
    this.running = true;
    const pace = () => new Promise((r) => setTimeout(r, this.paceMs * (0.5 + Math.random())));
    const a = this.actors;
    for (const owner of a.owners) {
      this.loops.push((async () => {
        while (this.running) {
          const created = await this.createListing(owner);
          await pace();
          for (let seq = 1; seq <= 2 && created.id && this.running; seq++) {
            await this.editListing(owner, created.id, seq);
            await pace();
          }
        }
      })());
    }
    a.repliers.forEach((replier, r) => {
      this.loops.push((async () => {
        for (let i = r; this.running; i++) {
          await this.reply(replier, a.posts[i % a.posts.length]!);
          await pace();
        }
      })());
    });
    // Each reviewer reviews each business once at most: the pairs bound the reviews.
    a.reviewers.forEach((reviewer, r) => {
      this.loops.push((async () => {
        for (let b = 0; b < a.businesses.length && this.running; b++) {
          await this.review(reviewer, a.businesses[(b + r) % a.businesses.length]!, 1 + ((b + r) % 5));
          await new Promise((res) => setTimeout(res, this.reviewEveryMs * a.reviewers.length * (0.5 + Math.random())));
        }
      })());
    });
    for (let c = 0; c < 2; c++) {
      this.loops.push((async () => {
        while (this.running) {
          await this.click();
          await pace();
        }
      })());
    }
  }

  /** The listing owners' cookies (the relay fault's burst writes as them). */
  actorsOwners(): string[] {
    return this.actors.owners;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }
}
