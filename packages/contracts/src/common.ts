import './zod-config.ts';
import { z } from 'zod';
import { LIMITS, QUERY_TEXT_MAX } from './constants.ts';


/** An entity's id: a UUID (constants.ts ID_PATTERN is its shape, for pages that must not load zod). */
export const IdSchema = z.uuid();
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

export const HttpUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Please enter a valid URL' })
  .max(LIMITS.urlMax);

const hasControlCharacter = (v: string) => {
  for (let i = 0; i < v.length; i += 1) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
};

/**
 * Free text in a query string (a search, a location): trimmed, bounded, and without control characters — a NUL or a
 * line break is never part of what someone looks for, and a NUL cannot go into a database query.
 */
export const QueryTextSchema = (max = QUERY_TEXT_MAX) =>
  z.string().trim().max(max, `At most ${max} characters`).refine((v) => !hasControlCharacter(v), 'The text contains characters that are not allowed');

/** The URL of an image this site stored (POST /api/upload's `url`): /uploads/img/<random uuid>.webp, nothing else. */
export const STORED_IMAGE_URL = /^\/uploads\/img\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.webp$/;
export const IMAGE_NOT_UPLOADED_HERE = 'Images must be uploaded through this site';
export const StoredImageUrlSchema = z.string().regex(STORED_IMAGE_URL, IMAGE_NOT_UPLOADED_HERE);

/** An image URL an admin may give (a logo, an ad): an absolute http(s) URL or an image stored here. */
export const ImageUrlSchema = z.union([HttpUrlSchema, StoredImageUrlSchema]);

/** A spec'd "list of …" call's answer (lists.ts: ListResponse): the entities as a bare array. */
export const ListResponseSchema = <T extends z.ZodType>(item: T) => z.array(item);

/**
 * THE page shape (lists.ts: PageResponse): a page asked by number. An answer with more (search's facets or counts)
 * `.extend`s it, never re-spells its fields.
 */
export const PageResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });

/** A cursor list's cursor (lists.ts: CursorPage): opaque to clients (the `nextCursor` of the previous page), base64url, bounded. */
export const ListCursorSchema = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, 'Invalid page cursor');

/**
 * THE list shape (lists.ts: CursorPage): `{ items, nextCursor }`, nextCursor null on the last slice (always null for a
 * list that has one slice only, such as suggestions). `cursor` is the endpoint's cursor schema (its own error text);
 * an answer with more (`max`) `.extend`s it.
 */
export const CursorPageSchema = <T extends z.ZodType, C extends z.ZodType<string> = typeof ListCursorSchema>(item: T, cursor?: C) =>
  z.object({ items: z.array(item), nextCursor: (cursor ?? ListCursorSchema).nullable() });

/**
 * A cursor list's query fields (lists.ts: LIST_PAGE_SIZES): `cursor`, and `limit` 1..max (default `size.default`);
 * spread them into the endpoint's query object: `z.object({ category, ...cursorQuery(LIST_PAGE_SIZES.forumPosts) })`.
 */
export const cursorQuery = (size: { readonly default: number; readonly max: number }) => ({
  cursor: ListCursorSchema.optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(size.max, `limit is at most ${size.max}`).default(size.default),
});

/** Every error answer of every service. */
export const ErrorResponseSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Trims a string and turns a blank one into undefined (optional text fields). */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
