/**
 * The run-time registry (issue 35 §2) on a NATS JetStream key-value bucket (contracts' REGISTRY_BUCKET):
 * - each running instance puts its record (manifest, address, version) under `service.<name>.<id>` or
 *   `remote.<name>.<id>` and puts it again every heartbeat; at a clean stop it deletes it;
 * - the gateway and the renderer watch the bucket and build their table from the live records (table.ts). A record
 *   that was not put again within the time-to-live is dropped by the watcher (JetStream's own max age removes it from
 *   the bucket, but a watcher is not told), so an instance that died leaves within `ttlMs`;
 * - while NATS is away nothing expires: the watcher keeps its last table, and each instance's next heartbeat after NATS
 *   returns registers it again (the bucket is created again if it was lost).
 */
import { Kvm, type KV, type KvEntry, type KvWatchEntry } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/nats-core';
import { REGISTRY_BUCKET, registryKey, type InstanceRecord } from '@cp/contracts';
import type { Logger } from '../logger.ts';
import { buildRegistryTable, EMPTY_TABLE, type RegistryEntry, type RegistryTable } from './table.ts';

export interface RegistryTiming {
  /** A record not put again within this time is dropped by the watchers (and by JetStream). */
  ttlMs: number;
  /** How often an instance puts its record again; a third of the time-to-live or less. */
  heartbeatMs: number;
}

export const DEFAULT_REGISTRY_TIMING: RegistryTiming = { ttlMs: 10_000, heartbeatMs: 3_000 };

/** The bucket, created when missing (every writer and watcher may be first). Its max age is the time-to-live. */
async function openBucket(nc: NatsConnection, ttlMs: number): Promise<KV> {
  return new Kvm(nc).create(REGISTRY_BUCKET, { history: 1, ttl: ttlMs });
}

export interface Registration {
  /** Deletes the record (the instance leaves at once) and stops the heartbeat. */
  stop(): Promise<void>;
}

/** Registers `record` and keeps it registered until stop(). Resolves after the first try, whether NATS answered or not. */
export async function registerInstance(opts: { nc: NatsConnection; record: InstanceRecord; timing?: RegistryTiming; logger: Logger }): Promise<Registration> {
  const { nc, record, logger } = opts;
  const timing = opts.timing ?? DEFAULT_REGISTRY_TIMING;
  const key = registryKey(record);
  const value = JSON.stringify(record);
  let kv: KV | undefined;
  let failing = false;
  let stopped = false;
  const beat = async () => {
    try {
      kv ??= await openBucket(nc, timing.ttlMs);
      await kv.put(key, value);
      if (failing) logger.info({ key }, 'registered again');
      failing = false;
    } catch (err) {
      kv = undefined; // the bucket may be gone with NATS' store: made again next time
      if (!failing) logger.warn({ key, err: err instanceof Error ? err.message : String(err) }, 'registry: cannot register (NATS away?); trying again each heartbeat');
      failing = true;
    }
  };
  await beat();
  if (!failing) logger.info({ key, address: record.address, version: record.version }, 'registered');
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? undefined : beat()));
  }, timing.heartbeatMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      try {
        kv ??= await openBucket(nc, timing.ttlMs);
        await kv.delete(key);
      } catch (err) {
        logger.warn({ key, err: err instanceof Error ? err.message : String(err) }, 'registry: could not deregister; the record expires by itself');
      }
    },
  };
}

/** The listeners and the ready signal every RegistryWatch keeps. */
function watchSignals() {
  const listeners = new Set<(table: RegistryTable) => void>();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const onChange = (listener: (table: RegistryTable) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { listeners, ready, markReady: () => markReady(), onChange };
}

export interface RegistryWatch {
  /** The current table (EMPTY_TABLE until the first entries arrive). */
  table(): RegistryTable;
  /** Called with each new table (after a record arrived, changed, left or expired). Returns an unsubscribe. */
  onChange(listener: (table: RegistryTable) => void): () => void;
  /** Resolves once the bucket's current entries have been read (or at once when NATS is away: the table stays empty). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Watches the registry. `claimed`: prefixes owned outside the registry (see buildRegistryTable). `now`: the clock of
 * the expiry (tests).
 */
export function watchRegistry(opts: {
  nc: NatsConnection;
  logger: Logger;
  timing?: RegistryTiming;
  claimed?: ReadonlyArray<{ prefix: string; service: string }>;
  now?: () => number;
}): RegistryWatch {
  const { nc, logger } = opts;
  const timing = opts.timing ?? DEFAULT_REGISTRY_TIMING;
  const now = opts.now ?? Date.now;
  /** Live records by key, with the time each was last put (as this watcher saw it). */
  const entries = new Map<string, { value: unknown; seenAt: number }>();
  const { listeners, ready, markReady, onChange } = watchSignals();
  let table: RegistryTable = EMPTY_TABLE;
  let stopped = false;
  /** No expiry before this time: after NATS comes back, every instance gets a time-to-live to beat again. */
  let graceUntil = 0;
  let connected = true;
  let lastRefused = '';

  const rebuild = () => {
    const list: RegistryEntry[] = [...entries].map(([key, e]) => ({ key, value: e.value }));
    table = buildRegistryTable(list, opts.claimed);
    const refused = JSON.stringify(table.refused);
    if (refused !== lastRefused) {
      for (const r of table.refused) logger.warn({ key: r.key, name: r.name, reason: r.reason }, 'registry: registration refused');
      lastRefused = refused;
    }
    for (const listener of listeners) {
      try {
        listener(table);
      } catch (err) {
        logger.error({ err }, 'registry: a listener failed');
      }
    }
  };

  const apply = (e: KvEntry | KvWatchEntry, seenAt: number): boolean => {
    if (e.operation === 'PUT') {
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder().decode(e.value));
      } catch {
        value = undefined; // refused by the table as invalid
      }
      const before = entries.get(e.key);
      entries.set(e.key, { value, seenAt });
      return !before || JSON.stringify(before.value) !== JSON.stringify(value);
    }
    return entries.delete(e.key);
  };

  const sweep = () => {
    if (!connected || now() < graceUntil) return;
    let changed = false;
    for (const [key, e] of entries) {
      if (now() - e.seenAt > timing.ttlMs) {
        entries.delete(key);
        changed = true;
        logger.info({ key }, 'registry: instance expired (no heartbeat)');
      }
    }
    if (changed) rebuild();
  };
  const sweeper = setInterval(sweep, Math.max(250, Math.floor(timing.ttlMs / 10)));
  sweeper.unref();

  // NATS going away stops the expiry; coming back gives every record a time-to-live to be put again.
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') connected = false;
      else if (s.type === 'reconnect') {
        connected = true;
        graceUntil = now() + timing.ttlMs;
      }
    }
  })().catch(() => {});

  let stopWatch: (() => void) | undefined;
  void (async () => {
    let delay = 250;
    while (!stopped) {
      try {
        const kv = await openBucket(nc, timing.ttlMs);
        const iter = await kv.watch({ key: '>' });
        stopWatch = () => iter.stop();
        delay = 250;
        // The bucket's current records come first (not updates); the last of them has nothing pending after it.
        let initialized = false;
        const initialize = () => {
          if (initialized) return;
          initialized = true;
          rebuild();
          markReady();
        };
        if ((await kv.status()).values === 0) initialize();
        for await (const e of iter) {
          // A record read at start counts from when it was put (capped at now); one that arrives later, from now.
          const changed = apply(e, e.isUpdate ? now() : Math.min(now(), e.created.getTime()));
          if (!initialized) {
            if (e.isUpdate || e.delta === 0) initialize();
          } else if (changed) rebuild();
        }
      } catch (err) {
        if (stopped) break;
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'registry: watch failed; keeping the last table and trying again');
        markReady();
      }
      if (stopped) break;
      await new Promise((r) => setTimeout(r, delay).unref());
      delay = Math.min(delay * 2, 5_000);
    }
  })();

  return {
    table: () => table,
    onChange,
    ready,
    stop: async () => {
      stopped = true;
      clearInterval(sweeper);
      stopWatch?.();
    },
  };
}

/**
 * A registry watch of its own NATS connection, for a process that must serve without NATS (the gateway: its
 * configured table works while NATS is away, at start too). The connection is made in the background, retried for
 * ever; until it is made the table is empty, then it follows watchRegistry. stop() closes the connection too.
 */
export function watchRegistryOver(opts: {
  connect: () => Promise<NatsConnection>;
  logger: Logger;
  timing?: RegistryTiming;
  claimed?: ReadonlyArray<{ prefix: string; service: string }>;
}): RegistryWatch {
  const { listeners, ready, markReady, onChange } = watchSignals();
  let inner: RegistryWatch | undefined;
  let nc: NatsConnection | undefined;
  let stopped = false;
  void (async () => {
    let delay = 500;
    while (!stopped && !nc) {
      try {
        nc = await opts.connect();
      } catch (err) {
        opts.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'registry: cannot reach NATS yet; serving the configured table');
        await new Promise((r) => setTimeout(r, delay).unref());
        delay = Math.min(delay * 2, 10_000);
      }
    }
    if (stopped || !nc) {
      await nc?.close();
      return;
    }
    inner = watchRegistry({ nc, logger: opts.logger, ...(opts.timing ? { timing: opts.timing } : {}), ...(opts.claimed ? { claimed: opts.claimed } : {}) });
    inner.onChange((table) => {
      for (const listener of listeners) listener(table);
    });
    await inner.ready;
    markReady();
  })();
  return {
    table: () => inner?.table() ?? EMPTY_TABLE,
    onChange,
    ready,
    stop: async () => {
      stopped = true;
      await inner?.stop();
      if (nc && !nc.isClosed()) await nc.drain().catch(() => nc?.close());
    },
  };
}
