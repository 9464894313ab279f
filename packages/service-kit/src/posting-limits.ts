import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import { z } from 'zod';
import {
  NEW_ACCOUNT_HOURS,
  POSTING_ACTION_NOUNS,
  POSTING_ACTIONS,
  POSTING_LIMIT_DEFAULTS,
  type OwnPostingAction,
  type PostingAction,
  type PostingLimit,
} from '@cp/contracts';
import type { AuthUser } from './auth.ts';
import { HttpError } from './errors.ts';
import { ensureCollection } from './mongo.ts';
import { storedSchema } from './stored-schema.ts';

const HOUR_MS = 3_600_000;

const OverrideSchema = z.strictObject({
  limit: z.number().int().min(1).max(100_000).optional(),
  newAccountLimit: z.number().int().min(1).max(100_000).optional(),
  windowHours: z.number().positive().max(24 * 30).optional(),
});
/** Overrides of the limits, per action and per field (`{"listing":{"limit":5}}`). */
export type PostingLimitOverrides = Partial<Record<string, z.infer<typeof OverrideSchema>>>;

/**
 * `POSTING_LIMITS`: a JSON object of overrides for a service's environment (compose it into the service's env schema),
 * of the site's actions and of the service's own (`own`, declared in its folder). Absent: the defaults. Invalid JSON or
 * an unknown action or field stops the start, as any bad config.
 */
export function postingLimitsEnv(own: readonly OwnPostingAction[] = []) {
  const schema = z.partialRecord(z.enum([...POSTING_ACTIONS, ...own.map((a) => a.action)]), OverrideSchema);
  return z.object({
    POSTING_LIMITS: z
      .string()
      .optional()
      .transform((raw, ctx): PostingLimitOverrides => {
        if (raw === undefined || raw.trim() === '') return {};
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'POSTING_LIMITS must be a JSON object, e.g. {"listing":{"limit":5}}' });
          return z.NEVER;
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `POSTING_LIMITS.${issue.path.join('.')}: ${issue.message}` });
          return z.NEVER;
        }
        return parsed.data as PostingLimitOverrides;
      }),
  });
}
/** `POSTING_LIMITS` of a service with no action of its own. */
export const PostingLimitsEnv = postingLimitsEnv();

/** An action's limits and the noun of its 429 text. */
type ActionSpec = PostingLimit & { noun: string };

/** The limits in force: the defaults (the site's and the service's own actions) with the overrides applied. */
export function resolvePostingLimits<A extends string = PostingAction>(overrides: PostingLimitOverrides = {}, own: readonly OwnPostingAction[] = []): Record<A, ActionSpec> {
  const defaults: Array<[string, ActionSpec]> = [
    ...POSTING_ACTIONS.map((a): [string, ActionSpec] => [a, { ...POSTING_LIMIT_DEFAULTS[a], noun: POSTING_ACTION_NOUNS[a] }]),
    ...own.map(({ action, ...spec }): [string, ActionSpec] => [action, spec]),
  ];
  const out: Record<string, ActionSpec> = {};
  for (const [action, spec] of defaults) {
    if (out[action]) throw new Error(`posting action "${action}" is declared twice`);
    const merged = { ...spec, ...overrides[action] };
    // A tighter limit for new accounts never exceeds the normal one, whatever was overridden.
    out[action] = { ...merged, newAccountLimit: Math.min(merged.newAccountLimit, merged.limit) };
  }
  return out as Record<A, ActionSpec>;
}

/** One document per user and action: the times of the posts inside the window (each with a token: who took it). */
interface SlotsDoc {
  _id: string;
  slots: Array<{ t: Date; k: string }>;
  expiresAt: Date;
}
const slotsSchema = storedSchema<SlotsDoc>('posting_limits', { _id: String, slots: [{ _id: false, t: Date, k: String }], expiresAt: Date }, { strict: true });
slotsSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

function slotsModel(conn: Connection): Model<SlotsDoc> {
  return (conn.models.PostingLimitSlots as Model<SlotsDoc> | undefined) ?? conn.model<SlotsDoc>('PostingLimitSlots', slotsSchema);
}

function per(windowHours: number): string {
  if (windowHours === 24) return 'a day';
  if (windowHours === 1) return 'an hour';
  return windowHours % 24 === 0 ? `every ${windowHours / 24} days` : `every ${windowHours} hours`;
}

/** "in 1 minute", "in 14 minutes", "in about 3 hours", "in about 2 days" (rounded up: never sooner than true). */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return `in about ${hours} hour${hours === 1 ? '' : 's'}`;
  return `in about ${Math.ceil(hours / 24)} days`;
}

/** The 429 text: the limit, whether the tighter new-account limit applied, and when the user can post again. */
export function postingLimitMessage(limit: ActionSpec, newAccount: boolean, waitMs: number): string {
  const allowed = newAccount ? limit.newAccountLimit : limit.limit;
  const who = newAccount ? `New accounts (for their first ${NEW_ACCOUNT_HOURS} hours) can post` : 'You can post';
  return `${who} up to ${allowed} ${limit.noun} ${per(limit.windowHours)}. You can post again ${waitText(waitMs)}.`;
}

/** One slot taken: `release` gives it back (the write it was taken for failed). */
export interface PostingSlot {
  release(): Promise<void>;
}

export interface PostingLimits<A extends string = PostingAction> {
  /** Creates the collection and its TTL index (start-up, before the first write). */
  init(): Promise<void>;
  /**
   * Takes one of the user's slots for `action`, or throws 429 (`Retry-After`, `retryAt` in the body) with
   * postingLimitMessage. One atomic update of its own, never inside the write's transaction: a replica killed in the
   * middle of a transaction leaves that transaction's locks until MongoDB aborts it (a minute), and every later post of
   * the user would wait on their window's document that long.
   */
  take(user: AuthUser, action: A): Promise<PostingSlot>;
  /** Takes a slot, then runs `write`; a write that fails gives the slot back (and its error goes on). */
  run<T>(user: AuthUser, action: A, write: () => Promise<T>): Promise<T>;
  /** The limits in force (for READMEs, tests and the 429 texts). */
  readonly limits: Record<A, PostingLimit & { noun: string }>;
}

/**
 * The posting limits of a service's app: createPostingLimits on its database and clock, with POSTING_LIMITS' overrides
 * (`postingLimits`) of the contracts' limits, and the service's own actions (`own`). Not ready until its `init()`
 * (initStores).
 */
export function appPostingLimits<A extends string = PostingAction>(
  input: { conn: Connection; now?: (() => Date) | undefined; postingLimits?: PostingLimitOverrides | undefined },
  own: readonly OwnPostingAction[] = [],
): PostingLimits<A> {
  return createPostingLimits<A>(input.conn, { overrides: input.postingLimits ?? {}, own, ...(input.now ? { now: input.now } : {}) });
}

/**
 * Per-user posting limits that hold across replicas: a sliding window per user and action, kept in the service's own
 * MongoDB (`posting_limits`). One conditional update per post, so two replicas taking the last slot at once cannot
 * both get it: the pipeline drops the slots older than the window and appends the new one only while fewer than the
 * limit remain; the answer says whether this call's token went in. Accounts younger than NEW_ACCOUNT_HOURS get
 * `newAccountLimit` (an account whose age the session answer does not give counts as new: the safe side). A write
 * that fails gives its slot back (`run`); a process that dies between the slot and its write loses the user that slot
 * until it leaves the window, never more. `A`: the site's actions, and the service's own ones (`own`) when it has any.
 */
export function createPostingLimits<A extends string = PostingAction>(
  conn: Connection,
  opts: { overrides?: PostingLimitOverrides; now?: () => Date; own?: readonly OwnPostingAction[] } = {},
): PostingLimits<A> {
  const limits = resolvePostingLimits<A>(opts.overrides, opts.own);
  const now = opts.now ?? (() => new Date());
  const model = slotsModel(conn);
  const take = async (user: AuthUser, action: A): Promise<PostingSlot> => {
    const limit = limits[action];
    const at = now();
    const windowMs = limit.windowHours * HOUR_MS;
    const createdAt = user.createdAt ? Date.parse(user.createdAt) : Number.NaN;
    const newAccount = !(createdAt <= at.getTime() - NEW_ACCOUNT_HOURS * HOUR_MS);
    const allowed = newAccount ? limit.newAccountLimit : limit.limit;
    const token = randomUUID();
    const cutoff = new Date(at.getTime() - windowMs);
    const kept = { $filter: { input: { $ifNull: ['$slots', []] }, cond: { $gt: ['$$this.t', cutoff] } } };
    const doc = await model
      .findOneAndUpdate(
        { _id: `${action}:${user.id}` },
        [
          { $set: { slots: kept } },
          {
            $set: {
              slots: { $cond: [{ $lt: [{ $size: '$slots' }, allowed] }, { $concatArrays: ['$slots', [{ t: at, k: token }]] }, '$slots'] },
              expiresAt: new Date(at.getTime() + windowMs),
            },
          },
        ],
        { upsert: true, returnDocument: 'after', updatePipeline: true },
      )
      .lean<SlotsDoc>()
      .exec();
    const slots = doc?.slots ?? [];
    if (slots.some((s) => s.k === token)) {
      return {
        release: async () => {
          await model.updateOne({ _id: `${action}:${user.id}` }, { $pull: { slots: { k: token } } }).exec();
        },
      };
    }
    // Refused: a slot frees when the oldest one in the window leaves it.
    const oldest = slots.reduce((min, s) => Math.min(min, new Date(s.t).getTime()), Number.POSITIVE_INFINITY);
    const retryAt = new Date((Number.isFinite(oldest) ? oldest : at.getTime()) + windowMs);
    const waitMs = Math.max(0, retryAt.getTime() - at.getTime());
    throw new HttpError(429, postingLimitMessage(limit, newAccount, waitMs), {
      code: 'POSTING_LIMIT',
      details: { retryAt: retryAt.toISOString() },
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
    });
  };
  return {
    limits,
    async init() {
      await ensureCollection(conn, 'posting_limits');
      await model.createIndexes();
    },
    take,
    async run(user, action, write) {
      const slot = await take(user, action);
      try {
        return await write();
      } catch (err) {
        // Best effort: a slot that cannot be given back now only counts until it leaves the window.
        await slot.release().catch(() => undefined);
        throw err;
      }
    },
  };
}
