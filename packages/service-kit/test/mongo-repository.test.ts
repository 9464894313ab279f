import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { BAD_CURSOR, connectMongo, cursorAfter, HttpError, MongoRepository, optional, runInTransaction, storedSchema, type SortKey } from '../src/index.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { expectIndexedPage } from './support/indexed-page.ts';

/** The kit's MongoRepository against a real MongoDB: insert, findById (its projection, in a transaction) and cursor pages. */
type ThingDoc = {
  _id: string;
  group: string;
  name: string;
  secret?: string | undefined;
  createdAt: Date;
};

const thingSchema = storedSchema<ThingDoc>('things', { _id: String, group: String, name: String, secret: optional(String), createdAt: Date });
thingSchema.index({ group: 1, createdAt: -1, _id: -1 }, { name: 'group_newest' });

const THING_ORDER: readonly SortKey[] = [
  { field: 'createdAt', dir: -1, kind: 'date' },
  { field: '_id', dir: -1, kind: 'string' },
];

class ThingsRepository extends MongoRepository<ThingDoc> {
  page(group: string, cursor: string | undefined, limit: number): Promise<ThingDoc[]> {
    return this.pageQuery({ group }, THING_ORDER, cursor).limit(limit).lean<ThingDoc[]>().exec();
  }

  explainPage(group: string, cursor: string | undefined, limit: number): Promise<unknown> {
    return this.pageQuery({ group }, THING_ORDER, cursor).limit(limit).explain('executionStats');
  }
}

let conn: Connection;
let things: ThingsRepository;
/** The same collection read with a projection that leaves `secret` out. */
let hiding: MongoRepository<ThingDoc>;

beforeAll(async () => {
  conn = await connectMongo(testEnv().MONGO_URL, `kit_repo_${randomUUID().slice(0, 8)}`);
  things = new ThingsRepository(conn, 'Thing', thingSchema);
  await things.init();
  hiding = new MongoRepository<ThingDoc>(conn, 'Thing', thingSchema, { projection: { secret: 0 } });
});
afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

const thing = (group: string, n: number, at: Date): ThingDoc => ({ _id: `${group}-${n}-${randomUUID()}`, group, name: `thing ${n}`, secret: 's3cret', createdAt: at });

test('insert stores the document as built (its _id and dates, no added fields); findById reads it back lean', async () => {
  const doc = thing('a', 1, new Date('2026-01-02T03:04:05.678Z'));
  await things.insert(doc);
  const found = await things.findById(doc._id);
  expect(found).toEqual(doc);
  expect(found).not.toHaveProperty('__v');
  expect(found!.createdAt).toBeInstanceOf(Date);
  expect(await things.findById('nobody')).toBeNull();
});

test('insert of an _id already stored throws the driver’s duplicate-key error', async () => {
  const doc = thing('a', 2, new Date());
  await things.insert(doc);
  await expect(things.insert(doc)).rejects.toMatchObject({ code: 11000 });
});

test('in a transaction: insert and findById see the session’s write before the commit; an aborted insert is gone', async () => {
  const doc = thing('tx', 1, new Date());
  await runInTransaction(conn, async (session) => {
    await things.insert(doc, session);
    expect(await things.findById(doc._id, session)).toEqual(doc);
    // Outside the transaction nothing is committed yet.
    expect(await things.findById(doc._id)).toBeNull();
  });
  expect(await things.findById(doc._id)).toEqual(doc);

  const aborted = thing('tx', 2, new Date());
  const session = await conn.startSession();
  try {
    session.startTransaction();
    await things.insert(aborted, session);
    expect(await things.findById(aborted._id, session)).toEqual(aborted);
    await session.abortTransaction();
  } finally {
    await session.endSession();
  }
  expect(await things.findById(aborted._id)).toBeNull();
});

test('findById reads with the projection given at construction', async () => {
  const doc = thing('p', 1, new Date());
  await things.insert(doc);
  const { secret: _secret, ...rest } = doc;
  expect(await hiding.findById(doc._id)).toEqual(rest);
  await runInTransaction(conn, async (session) => {
    expect(await hiding.findById(doc._id, session)).toEqual(rest);
  });
  // The repository without one reads the whole document.
  expect(await things.findById(doc._id)).toEqual(doc);
});

test('pageQuery pages a filter in its order across two pages with a cursor, through the order’s index', async () => {
  const base = Date.UTC(2026, 0, 1);
  // Five of the group (two at the same instant: the _id breaks the tie), and one of another group that never shows.
  const docs = [0, 1, 2, 2, 3].map((s, i) => thing('pages', i, new Date(base + s * 1000)));
  await Promise.all([...docs, thing('other', 9, new Date(base + 5000))].map((d) => things.insert(d)));
  const expected = [...docs].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1)).map((d) => d._id);

  const first = await things.page('pages', undefined, 3);
  expect(first.map((d) => d._id)).toEqual(expected.slice(0, 3));
  const cursor = cursorAfter(first[2]!, THING_ORDER);
  const second = await things.page('pages', cursor, 3);
  expect(second.map((d) => d._id)).toEqual(expected.slice(3));

  expectIndexedPage(await things.explainPage('pages', cursor, 3), { index: 'group_newest' });
});

test('pageQuery refuses a cursor that is not one of its order’s, as afterCursor does (400 Invalid page cursor, thrown at once)', () => {
  const notOfThisOrder = [
    'not base64 json',
    Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url'), // a date key given a string
    Buffer.from(JSON.stringify([1])).toString('base64url'), // one value for two keys
  ];
  for (const cursor of notOfThisOrder) {
    let refused: unknown;
    try {
      void things.page('pages', cursor, 3);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 400, message: BAD_CURSOR });
  }
});

test('deleteById removes the document of an id and returns it (with the projection; in a transaction when given), null when there is none', async () => {
  const doc = thing('del', 1, new Date());
  await things.insert(doc);
  expect(await things.deleteById(doc._id)).toEqual(doc);
  expect(await things.findById(doc._id)).toBeNull();
  expect(await things.deleteById(doc._id)).toBeNull();

  const hidden = thing('del', 2, new Date());
  await things.insert(hidden);
  const { secret: _secret, ...rest } = hidden;
  await runInTransaction(conn, async (session) => {
    expect(await hiding.deleteById(hidden._id, session)).toEqual(rest);
    // Outside the transaction it is still there until the commit.
    expect(await things.findById(hidden._id)).toEqual(hidden);
  });
  expect(await things.findById(hidden._id)).toBeNull();
});

test('numberedPage reads page n of the whole collection in its order, and the collection’s size', async () => {
  type RankDoc = { _id: string; rank: number };
  class RanksRepository extends MongoRepository<RankDoc> {
    page(page: number, pageSize: number) {
      return this.numberedPage({ rank: -1, _id: -1 }, page, pageSize);
    }
  }
  const ranks = new RanksRepository(conn, 'Rank', storedSchema<RankDoc>('ranks', { _id: String, rank: Number }));
  await ranks.init();
  const docs = [3, 1, 4, 1, 5].map((rank, i) => ({ _id: `r${i}`, rank }));
  await Promise.all(docs.map((d) => ranks.insert(d)));
  const ordered = [...docs].sort((a, b) => b.rank - a.rank || (a._id < b._id ? 1 : -1));

  expect(await ranks.page(1, 2)).toEqual({ items: ordered.slice(0, 2), total: 5 });
  expect(await ranks.page(3, 2)).toEqual({ items: ordered.slice(4), total: 5 });
  expect(await ranks.page(4, 2)).toEqual({ items: [], total: 5 });
});
