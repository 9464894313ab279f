import { Schema, type SchemaOptions } from 'mongoose';

/** The constructors a stored field is declared with in short. */
type FieldType = StringConstructor | NumberConstructor | BooleanConstructor | DateConstructor;
type Scalar = string | number | boolean | Date;
/** The constructor of a document value's type (String for a string or a union of string literals...). */
type TypeOf<V> = V extends string ? StringConstructor : V extends number ? NumberConstructor : V extends boolean ? BooleanConstructor : V extends Date ? DateConstructor : never;

/** A field stored as null until set (`nullable(String)`): mongoose's `{ type, default: null }`. */
export interface NullableField<C extends FieldType> {
  readonly type: C;
  readonly default: null;
}
/** A field absent until set (`optional(Date)`): mongoose's `{ type }`, neither required nor defaulted. */
export interface OptionalField<C extends FieldType> {
  readonly type: C;
}
/** A required field stored with a value when none is given (`withDefault(Number, 0)`). */
export interface DefaultedField<C extends FieldType> {
  readonly type: C;
  readonly required: true;
  readonly default: unknown;
}
/** Any other mongoose definition (`{ type: [String], default: [] }`, `_id: uuidId`, a sub-schema...), taken as written. */
type PassThrough = { readonly [option: string]: unknown } | readonly unknown[];

/**
 * What a field of a document of value V may be declared as: its bare constructor when it is always there (a required
 * field), nullable(...) when V may be null, optional(...) when it may be absent, a map of its own fields when it is a
 * nested object, or any mongoose definition.
 */
type StoredField<V> =
  | ([V] extends [Scalar] ? TypeOf<V> | DefaultedField<TypeOf<V>> : never)
  | (null extends V ? NullableField<TypeOf<NonNullable<V>>> : never)
  | (undefined extends V ? OptionalField<TypeOf<NonNullable<V>>> : never)
  | ([V] extends [Scalar | readonly unknown[] | null | undefined] ? never : StoredFields<NonNullable<V>>)
  | PassThrough;

/** The field map of a document type: every field of T, and (object literals) no other. */
export type StoredFields<T> = { [K in keyof T]-?: StoredField<T[K]> };

/** A field that is null until set: `{ type, default: null }` (`blockedName: string | null`). */
export const nullable = <C extends FieldType>(type: C): NullableField<C> => ({ type, default: null });

/** A field that is absent until set: `{ type }`, neither required nor defaulted (`sentAt?: Date`). */
export const optional = <C extends FieldType>(type: C): OptionalField<C> => ({ type });

/** A required field stored with `value` when none is given: `{ type, required: true, default: value }`. */
export const withDefault = <C extends FieldType>(type: C, value: unknown): DefaultedField<C> => ({ type, required: true, default: value });

const FIELD_TYPES: ReadonlySet<unknown> = new Set<unknown>([String, Number, Boolean, Date]);

/** The mongoose definition of a field map: a bare constructor becomes `{ type, required: true }`, nested maps likewise. */
function definition(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => {
      if (FIELD_TYPES.has(field)) return [key, { type: field, required: true }];
      const nestedMap = field !== null && typeof field === 'object' && Object.getPrototypeOf(field) === Object.prototype && !('type' in field);
      return [key, nestedMap ? definition(field as Record<string, unknown>) : field];
    }),
  );
}

/**
 * The schema of a stored collection, with the project's storage conventions declared once: a bare constructor is a
 * required field of that type (a required String refuses ''), nullable(...) and optional(...) the fields that may be
 * null or absent, and anything else a mongoose definition as written. The options are no version key and `strict:
 * 'throw'` (a write with a field the schema does not know fails) unless `options` says otherwise; `options` adds the
 * rest (timestamps, minimize...). The field map is checked against the document type T: every field but `Set` (the
 * fields mongoose sets itself: the `timestamps` option's), and no other.
 */
export function storedSchema<T, Set extends keyof T = never>(collection: string, fields: StoredFields<Omit<T, Set>>, options: SchemaOptions<T> = {}): Schema<T> {
  // The conditional types of mongoose's Schema do not resolve for a generic T: the schema is T's, as declared.
  return new Schema(definition(fields), { collection, versionKey: false, strict: 'throw', ...options } as SchemaOptions) as unknown as Schema<T>;
}
