import { randomUUID } from 'node:crypto';
import mongoose, { type ClientSession, type ConnectOptions, type Connection, type Model, type ProjectionType, type Schema, type SchemaOptions } from 'mongoose';
import { afterCursor, sortOf, type SortKey } from './list-page.ts';

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

/** How a repository reads its documents (MongoRepository's constructor). */
export interface RepositoryOptions<T> {
  /**
   * The projection findById reads with (e.g. `{ searchText: 0 }`: fields a document may hold that the service never
   * returns). Given once here so every read by id leaves out the same fields; none by default (the whole document).
   */
  projection?: ProjectionType<T>;
}

/**
 * The base of a repository: its model on the service's connection (made once per connection), and `init()` creating
 * its collection and indexes explicitly, one after the other, at start-up (autoCreate and autoIndex are off: see
 * connectMongo). It also holds what every repository did the same way: insert a document the service built, read one by
 * id, and the query of a cursor page; each repository keeps only its own queries.
 */
export class MongoRepository<T> {
  readonly model: Model<T>;
  private readonly projection: ProjectionType<T> | null;
  constructor(conn: Connection, name: string, schema: Schema<T>, options: RepositoryOptions<T> = {}) {
    this.model = (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, schema);
    this.projection = options.projection ?? null;
  }

  async init(): Promise<void> {
    await this.model.createCollection();
    await this.model.createIndexes();
  }

  /**
   * Stores a whole document as the service built it (its `_id`, its dates), in `session`'s transaction when one is
   * given. The driver's insertOne, not mongoose's create: no schema defaults, timestamps or casting are added, so what is
   * stored is exactly the document (the services build every field, and events carry the same values).
   */
  async insert(doc: T, session?: ClientSession): Promise<void> {
    await this.model.collection.insertOne(doc as never, session ? { session } : {});
  }

  /** The stored document of `id` as a plain object (lean), with the repository's projection (RepositoryOptions), or null. */
  findById(id: string, session?: ClientSession): Promise<T | null> {
    return this.model.findById(id, this.projection, session ? { session } : {}).lean<T>().exec();
  }

  /**
   * The query of one cursor page (the kit's list-page.ts): the documents of `filter` after `cursor` in `order` (400 for a
   * cursor not of this order), sorted in `order` so an index in that order answers it with no sort in memory. The
   * caller adds its `limit()` and reads it (`lean()`), or asks its plan (`explain('executionStats')`, tests and the
   * bench), so both go through the same query.
   */
  protected pageQuery(filter: Record<string, unknown>, order: readonly SortKey[], cursor: string | undefined) {
    return this.model.find(cursor ? { $and: [filter, afterCursor(cursor, order)] } : filter).sort(sortOf(order));
  }
}
