import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connection } from 'mongoose';
import { ContentSnapshotSchema, REPORT_KIND_OWNER, type ContentSnapshot, type EventDefinition, type ReportKind } from '@cp/contracts';
import { identityUserDirectory, outboxModel, type NatsHandle, type PostingLimitOverrides } from '@cp/service-kit';
import { call, newUser, startBehindIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildModerationApp } from '../src/app.ts';
import { httpContentOwners } from '../src/data/content-owners.ts';

import type { ModerationDeps } from '../src/use-cases/deps.ts';
import type { ReleasesDeps } from '../src/use-cases/releases.ts';
import type { MetricsSource } from '../src/data/prometheus.ts';

export { call, newUser, until };

type Owner = (typeof REPORT_KIND_OWNER)[ReportKind];

/**
 * The content owners' internal endpoint as listings, forum and directory answer it (GET /internal/content/{kind}/{id}:
 * a ContentSnapshot, 404 when missing), one small HTTP server per owner that answers only the kinds it owns: a double
 * of those services' HTTP contract, over real HTTP. `failing`: the owner answers 500 (moderation must say 503).
 */
export interface ContentOwnersDouble {
  urls: Record<Owner, string>;
  put(snapshot: ContentSnapshot): void;
  delete(kind: ReportKind, itemId: string): void;
  failing: boolean;
  close(): Promise<void>;
}

export async function startOwnersDouble(): Promise<ContentOwnersDouble> {
  const items = new Map<string, ContentSnapshot>();
  const servers: Server[] = [];
  const urls = {} as Record<Owner, string>;
  const double: ContentOwnersDouble = {
    urls,
    put: (s) => void items.set(`${s.kind}/${s.itemId}`, ContentSnapshotSchema.parse(s)),
    delete: (kind, itemId) => void items.delete(`${kind}/${itemId}`),
    failing: false,
    close: async () => {
      for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  for (const owner of ['listings', 'forum', 'directory', 'messages'] as const) {
    const server = createServer((req, res) => {
      const m = /^\/internal\/content\/([a-z-]+)\/([^/?]+)(\?.*)?$/.exec(req.url ?? '');
      const kind = m?.[1] as ReportKind | undefined;
      const snapshot = m && kind && REPORT_KIND_OWNER[kind] === owner ? items.get(`${kind}/${decodeURIComponent(m[2]!)}`) : undefined;
      if (double.failing) res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Internal Server Error"}');
      else if (req.method !== 'GET' || !snapshot) res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(snapshot));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    servers.push(server);
    urls[owner] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return double;
}

export interface Session {
  cookie: string;
  userId: string;
  username: string;
}

export interface ModerationHarness {
  base: string;
  identity: IdentityHarness;
  deps: ModerationDeps;
  conn: Connection;
  nats: NatsHandle;
  owners: ContentOwnersDouble;
  newSession(): Promise<Session>;
  /**
   * A reporter who counts towards hiding an item (TRUSTED_REPORTER): verified, and an account made `ageDays` ago (10
   * unless said), both written at identity before the session is first checked.
   */
  newTrustedSession(ageDays?: number): Promise<Session>;
  newAdminSession(): Promise<Session>;
  /** The events of `def` the service wrote to its outbox (in write order), their data. */
  emitted<D extends EventDefinition>(def: D, filter?: (data: Record<string, unknown>) => boolean): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/**
 * The moderation app on the real test MongoDB (its own database) and NATS (its outbox relay runs), behind the real
 * identity (sessions, and /internal/users for bans), with the content owners' double.
 */
export async function startModeration(opts: { hideThreshold?: number; postingLimits?: PostingLimitOverrides; releases?: ReleasesDeps; metrics?: MetricsSource } = {}): Promise<ModerationHarness> {
  const base = await startBehindIdentity('moderation');
  const owners = await startOwnersDouble();
  const { app, deps } = await buildModerationApp({
    conn: base.conn,
    logger: base.logger,
    auth: base.auth,
    owners: httpContentOwners(owners.urls),
    users: identityUserDirectory(base.identity.base, { unavailable: '503' }),
    config: { HIDE_THRESHOLD: opts.hideThreshold ?? 3 },
    // The tests' reporters are new accounts that report far more than a person would: limits lifted unless a test sets them.
    postingLimits: opts.postingLimits ?? { report: { limit: 100_000, newAccountLimit: 100_000 } },
    ...(opts.releases ? { releases: opts.releases } : {}),
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
  });
  return {
    ...(await base.harness(app, deps)),
    owners,
    newSession: base.newSession,
    async newTrustedSession(ageDays = 10) {
      const session = await base.newSession();
      await base.identity.deps.users.markVerified(session.userId, new Date());
      await base.identity.conn.collection('users').updateOne({ _id: session.userId as never }, { $set: { createdAt: new Date(Date.now() - ageDays * 86_400_000) } });
      return session;
    },
    newAdminSession: base.newAdminSession,
    async emitted(def, filter = () => true) {
      const docs = await outboxModel(base.conn).find({ type: def.type }).sort({ seq: 1 }).lean().exec();
      return docs.map((d) => d.data as Record<string, unknown>).filter(filter);
    },
    async close() {
      await base.close();
      await owners.close();
    },
  };
}

/** A snapshot of a piece of content by `authorId`, as its owner would answer it. */
export function snapshot(kind: ReportKind, itemId: string, authorId: string | null, overrides: Partial<ContentSnapshot> = {}): ContentSnapshot {
  return {
    kind,
    itemId,
    authorId,
    authorName: authorId ? 'the_author' : null,
    title: `A ${kind} to report`,
    excerpt: 'Something that breaks the community guidelines.',
    path: kind === 'listing' ? `/listings/${itemId}` : `/somewhere/${itemId}`,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
