import { randomUUID } from 'node:crypto';
import mongoose, { type ConnectOptions, type Connection, type SchemaOptions } from 'mongoose';

/**
 * Marks a query operator object written by our own code (e.g. `{ $gt: now }`) as trusted. With `sanitizeFilter`
 * on, any other object holding `$` keys inside a filter is neutralised, so operators can only come from code.
 */
export const trusted = <T>(operators: T): T => mongoose.trusted(operators);

// Strict queries: filters on unknown paths are dropped, never passed to MongoDB.
mongoose.set('strictQuery', true);

/**
 * How long an operation waits for its server's answer on an open connection, at most. The driver's default is forever,
 * and a connection can stay open with nobody answering: mongod killed while a host keeps its sockets (here wine's
 * server keeps a killed mongod's sockets open: after the chaos suite's `kill -9 mongod`, a query of forum's outbox relay
 * that was on its way waited for good, and forum's events with it), a host gone without a reset, a partition. The
 * driver's monitor rescues such operations only when its own connection times out, not when it sees the server
 * restarted. After this wait the operation fails (a retryable one is tried again on another connection) and the
 * connection is dropped. Every operation of ours answers in far less (bounded pages, one document at a time; a change
 * stream's wait for news is 1 s).
 */
export const MONGO_SOCKET_TIMEOUT_MS = 30_000;

/**
 * One connection per service database. `sanitizeFilter` strips query operators ($ne, $gt...) smuggled inside
 * filter values: a second line of defence behind the zod validation at the boundary. `timeouts` are for tests.
 */
export async function connectMongo(url: string, dbName: string, timeouts: Pick<ConnectOptions, 'socketTimeoutMS' | 'connectTimeoutMS'> = {}): Promise<Connection> {
  const conn = mongoose.createConnection(url, {
    dbName,
    sanitizeFilter: true,
    // Collections and indexes are created explicitly and one at a time at start-up (repositories' init):
    // concurrent implicit creation of the same collection is a write conflict, which also crashes the
    // mongod build that runs under wine on the development machines.
    autoIndex: false,
    autoCreate: false,
    serverSelectionTimeoutMS: 10_000,
    socketTimeoutMS: MONGO_SOCKET_TIMEOUT_MS,
    maxPoolSize: 20,
    ...timeouts,
  });
  await conn.asPromise();
  return conn;
}

/** Ids are generated uuids stored as `_id` and exposed as `id`. */
export const uuidId = { type: String, default: () => randomUUID() } as const;

/** Schema options shared by every entity: no __v, `id` instead of `_id` in JSON. */
export function entitySchemaOptions<T>(extra: SchemaOptions<T> = {}): SchemaOptions<T> {
  const transform = (_doc: unknown, ret: Record<string, unknown>) => {
    ret.id = ret._id;
    delete ret._id;
    delete ret.__v;
    return ret;
  };
  return {
    versionKey: false,
    strict: 'throw',
    // Only the JSON form is the API shape; toObject() keeps `_id`, as repositories expect.
    toJSON: { transform } as SchemaOptions<T>['toJSON'],
    ...extra,
  };
}

/** Converts a lean document (`_id`) into the API shape (`id`), with dates as ISO strings. */
export function toApi<T extends Record<string, unknown>>(doc: T): Omit<T, '_id'> & { id: string } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) {
    if (k === '__v') continue;
    out[k === '_id' ? 'id' : k] = v instanceof Date ? v.toISOString() : v;
  }
  return out as Omit<T, '_id'> & { id: string };
}

export function mongoReadiness(conn: Connection) {
  return {
    name: 'mongodb',
    async check() {
      const db = conn.db;
      if (!db) throw new Error('not connected');
      await db.admin().ping();
    },
  };
}

/**
 * Makes collection `name` once per connection, before anything writes to it. Left to the first upsert, two replicas
 * (or two calls of one process) writing at once to a new collection both create it implicitly, and mongod (7.0, the
 * Windows build under wine that runs here) crashes on that namespace conflict instead of retrying it. An existing
 * collection is fine; a failure is forgotten so the next call tries again.
 */
const collectionsMade = new WeakMap<Connection, Map<string, Promise<void>>>();
export function ensureCollection(conn: Connection, name: string): Promise<void> {
  let made = collectionsMade.get(conn);
  if (!made) collectionsMade.set(conn, (made = new Map()));
  let creating = made.get(name);
  if (!creating) {
    creating = conn.db!.createCollection(name).then(
      () => undefined,
      (err: unknown) => {
        if ((err as { codeName?: string }).codeName === 'NamespaceExists') return;
        made.delete(name);
        throw err;
      },
    );
    made.set(name, creating);
  }
  return creating;
}
