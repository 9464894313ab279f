import mongoose, { Schema, type Model } from 'mongoose';
import { nullable, optional, storedSchema, withDefault } from '../src/index.ts';

/** storedSchema, the storage conventions declared once: what each way of declaring a field makes, and the options. */
interface ThingDoc {
  _id: string;
  name: string;
  count: number;
  note: string | null;
  seenAt?: Date | undefined;
  tier: string;
  owner: { id: string; label?: string | undefined };
  tags: string[];
  data: unknown;
  createdAt: Date;
}

const thingSchema = storedSchema<ThingDoc>('things', {
  _id: String,
  name: String,
  count: Number,
  note: nullable(String),
  seenAt: optional(Date),
  tier: withDefault(String, 'free'),
  owner: { id: String, label: optional(String) },
  tags: { type: [String], default: [] },
  data: { type: Schema.Types.Mixed, required: true },
  createdAt: Date,
});

// Models of a connection that never connects: building and validating documents needs no server.
const conn = mongoose.createConnection();
afterAll(() => conn.close());
let n = 0;
const modelOf = <T>(schema: Schema<T>): Model<T> => conn.model<T>(`Thing${++n}`, schema);

const options = (path: string) => thingSchema.path(path).options as Record<string, unknown>;

test('a bare constructor is a required field of that type; nested maps likewise', () => {
  expect(options('name')).toEqual({ type: String, required: true });
  expect(options('count')).toEqual({ type: Number, required: true });
  expect(options('createdAt')).toEqual({ type: Date, required: true });
  expect(options('owner.id')).toEqual({ type: String, required: true });
});

test('nullable(...) defaults to null, optional(...) is neither required nor defaulted, withDefault(...) is required with its value', () => {
  expect(options('note')).toEqual({ type: String, default: null });
  expect(options('seenAt')).toEqual({ type: Date });
  expect(options('owner.label')).toEqual({ type: String });
  expect(options('tier')).toEqual({ type: String, required: true, default: 'free' });
});

test('any other definition passes through as written', () => {
  expect(options('tags')).toEqual({ type: [String], default: [] });
  expect(options('data')).toEqual({ type: Schema.Types.Mixed, required: true });
  expect(thingSchema.path('data').instance).toBe('Mixed');
});

test('the options: the collection, no version key and strict "throw" by default; given options are added or win', () => {
  expect(thingSchema.options).toMatchObject({ collection: 'things', versionKey: false, strict: 'throw' });
  const other = storedSchema<{ _id: string }>('others', { _id: String }, { strict: true, minimize: false, timestamps: true });
  expect(other.options).toMatchObject({ collection: 'others', versionKey: false, strict: true, minimize: false, timestamps: true });
});

test('validation: required fields are refused when missing or empty (a required String refuses ""), defaults are filled', async () => {
  const Thing = modelOf(thingSchema);
  const valid = { _id: 't1', name: 'a', count: 1, owner: { id: 'u1' }, data: { x: 1 }, createdAt: new Date() };
  const doc = new Thing(valid);
  await expect(doc.validate()).resolves.toBeUndefined();
  expect(doc.toObject()).toMatchObject({ note: null, tier: 'free', tags: [] });
  expect(doc.toObject()).not.toHaveProperty('seenAt');

  const missing = new Thing({ ...valid, name: '', owner: {} });
  const err = await missing.validate().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(mongoose.Error.ValidationError);
  expect(Object.keys((err as mongoose.Error.ValidationError).errors).sort()).toEqual(['name', 'owner.id']);
});

test('strict "throw" refuses a field the schema does not know; strict: true (when given) drops it', async () => {
  const Thing = modelOf(thingSchema);
  const valid = { _id: 't1', name: 'a', count: 1, owner: { id: 'u1' }, data: {}, createdAt: new Date() };
  expect(() => new Thing({ ...valid, extra: 1 })).toThrow(mongoose.Error.StrictModeError);
  const doc = new Thing(valid);
  expect(() => doc.set('extra', 1)).toThrow(/not in schema/);

  const Loose = modelOf(storedSchema<{ _id: string }>('loose', { _id: String }, { strict: true }));
  const loose = new Loose({ _id: 'l1', extra: 1 });
  await expect(loose.validate()).resolves.toBeUndefined();
  expect(loose.toObject()).toEqual({ _id: 'l1' });
});

test('the field map is checked against the document type (tsc)', () => {
  // Each of these fails the typecheck (ts-expect-error), and builds a schema at run time all the same.
  // @ts-expect-error a field of the document is missing
  storedSchema<{ _id: string; name: string }>('t', { _id: String });
  // @ts-expect-error a field the document does not have
  storedSchema<{ _id: string }>('t', { _id: String, extra: String });
  // @ts-expect-error a bare constructor is required: not for a nullable field
  storedSchema<{ _id: string; note: string | null }>('t', { _id: String, note: String });
  // @ts-expect-error the constructor of another type
  storedSchema<{ _id: string; count: number }>('t', { _id: String, count: String });
  // @ts-expect-error optional(...) is for a field that may be absent
  storedSchema<{ _id: string; name: string }>('t', { _id: String, name: optional(String) });
});
