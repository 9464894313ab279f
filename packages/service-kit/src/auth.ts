import { readFileSync } from 'node:fs';
import type { Context, Next } from 'koa';
import passport from 'passport';
import { Strategy as JwtStrategy, type StrategyOptionsWithoutRequest } from 'passport-jwt';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { SessionCheckAnswerSchema, type SessionCheckAnswer } from '@cp/contracts';
import { forbidden, HttpError, unauthorized } from './errors.ts';

/** The session cookie that carries the identity token. HttpOnly; set and cleared by identity only. */
export const SESSION_COOKIE = 'cp_session';
export const JWT_ALGORITHM = 'ES256';

/** Claims identity puts in the token. */
export const TokenClaimsSchema = z.object({
  sub: z.uuid(),
  sid: z.string().min(16).max(128),
  adm: z.boolean(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

/** The authenticated principal on `ctx.state.user`. */
export interface AuthUser {
  id: string;
  sid: string;
  isAdmin: boolean;
  /** The user's name as others see it (forum authors); from identity's session answer, absent from an older identity. */
  username?: string | undefined;
  /** The user opened their e-mail verification link; from identity's session answer, absent from an older identity. */
  emailVerified?: boolean | undefined;
  /** When the account was created (ISO); from identity's session answer, absent from an older identity. */
  createdAt?: string | undefined;
}

/**
 * The name others see for the logged-in user (a forum author, a reviewer). An identity older than the username in its
 * session answer gives none: the write cannot be signed, 503, to try again after identity's update.
 */
export function usernameOf(user: AuthUser): string {
  if (!user.username) throw new HttpError(503, 'Service unavailable');
  return user.username;
}

/**
 * The standing of the logged-in user's account (reviews need a verified e-mail and count only from a day-old account).
 * An identity older than these fields in its session answer gives none: 503, to try again after identity's update.
 */
export function accountOf(user: AuthUser): { emailVerified: boolean; createdAt: Date } {
  if (user.emailVerified === undefined || user.createdAt === undefined) throw new HttpError(503, 'Service unavailable');
  return { emailVerified: user.emailVerified, createdAt: new Date(user.createdAt) };
}

/**
 * Whether a session is still active, and the user's current role and standing: identity's answer to
 * `GET /internal/sessions/:sid`, one schema in the contracts (`SessionCheckAnswerSchema`), which identity answers and
 * `httpSessionChecker` parses.
 */
export type SessionAnswer = SessionCheckAnswer;

export interface SessionChecker {
  check(sid: string): Promise<SessionAnswer | null>;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface AuthOptions {
  publicKey: string;
  issuer: string;
  audience: string;
  sessions: SessionChecker;
}

export function loadPublicKey(env: { JWT_PUBLIC_KEY?: string | undefined; JWT_PUBLIC_KEY_FILE?: string | undefined }): string {
  if (env.JWT_PUBLIC_KEY) return env.JWT_PUBLIC_KEY.replace(/\\n/g, '\n');
  if (env.JWT_PUBLIC_KEY_FILE) return readFileSync(env.JWT_PUBLIC_KEY_FILE, 'utf8');
  throw new Error('JWT public key not configured');
}

/**
 * Token verification with passport-jwt (ES256 only, issuer and audience checked), then a session check:
 * a token whose session was revoked (logout, password reset) is rejected even though its signature is valid.
 */
export function createAuth(opts: AuthOptions) {
  const strategyOptions: StrategyOptionsWithoutRequest = {
    jwtFromRequest: (req) => readCookie(req.headers.cookie, SESSION_COOKIE) ?? null,
    secretOrKey: opts.publicKey,
    algorithms: [JWT_ALGORITHM],
    issuer: opts.issuer,
    audience: opts.audience,
    ignoreExpiration: false,
  };
  const instance = new passport.Passport();
  instance.use(
    'jwt',
    new JwtStrategy(strategyOptions, (payload: unknown, done: (err: unknown, user?: AuthUser | false) => void) => {
      const claims = TokenClaimsSchema.safeParse(payload);
      if (!claims.success) return done(null, false);
      opts.sessions.check(claims.data.sid).then(
        (session) => {
          if (!session || session.userId !== claims.data.sub) return done(null, false);
          done(null, {
            id: claims.data.sub,
            sid: claims.data.sid,
            isAdmin: session.isAdmin,
            ...(session.username ? { username: session.username } : {}),
            ...(session.emailVerified !== undefined ? { emailVerified: session.emailVerified } : {}),
            ...(session.createdAt !== undefined ? { createdAt: session.createdAt } : {}),
          });
        },
        (err: unknown) => done(err),
      );
    }),
  );

  function verify(ctx: Context): Promise<AuthUser | null> {
    if (!readCookie(ctx.get('cookie'), SESSION_COOKIE)) return Promise.resolve(null);
    return new Promise<AuthUser | null>((resolve, reject) => {
      const middleware = instance.authenticate('jwt', { session: false }, (err: unknown, user: AuthUser | false) => {
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve(user || null);
      }) as (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
      middleware(ctx.req, ctx.res, (err?: unknown) => (err ? reject(err) : resolve(null)));
    });
  }

  /** Sets ctx.state.user (or null) from the session cookie; never rejects the request itself. */
  async function authenticate(ctx: Context, next: Next): Promise<void> {
    ctx.state.user = await verify(ctx);
    await next();
  }
  /** Refuses a request without a valid session (401), in the service's own words when it has some. */
  function requireUserSaying(message?: string) {
    return async function requireUser(ctx: Context, next: Next): Promise<void> {
      if (ctx.state.user === undefined) ctx.state.user = await verify(ctx);
      if (!ctx.state.user) throw unauthorized(message);
      await next();
    };
  }
  const requireUser = requireUserSaying();
  async function requireAdmin(ctx: Context, next: Next): Promise<void> {
    if (ctx.state.user === undefined) ctx.state.user = await verify(ctx);
    const user = ctx.state.user as AuthUser | null;
    if (!user) throw unauthorized();
    if (!user.isAdmin) throw forbidden('Admin access required');
    await next();
  }
  return { authenticate, requireUser, requireUserSaying, requireAdmin, verify };
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The signed-in caller of a public (`optional`) call, if any. A session that cannot be checked (identity not answering)
 * reads as a visitor's, never as an error; `onError` hears why.
 */
export function viewerOf(auth: Auth, ctx: Context, onError?: (err: unknown) => void): Promise<AuthUser | null> {
  return auth.verify(ctx).catch((err: unknown) => {
    onError?.(err);
    return null;
  });
}

/** The Auth of a service that reads no session (the renderer, search): every caller is anonymous; a user operation is refused (401). */
export const NO_SESSIONS: Auth = {
  verify: () => Promise.resolve(null),
  async authenticate(ctx, next) {
    ctx.state.user = null;
    await next();
  },
  requireUser: () => Promise.reject(unauthorized()),
  requireUserSaying: (message) => () => Promise.reject(unauthorized(message)),
  requireAdmin: () => Promise.reject(unauthorized()),
};

/** Signs a session token (identity only: it holds the private key). */
export function signSessionToken(
  privateKey: string,
  claims: { userId: string; sid: string; isAdmin: boolean },
  opts: { issuer: string; audience: string; expiresInSeconds: number },
): string {
  return jwt.sign({ sid: claims.sid, adm: claims.isAdmin }, privateKey, {
    algorithm: JWT_ALGORITHM,
    subject: claims.userId,
    issuer: opts.issuer,
    audience: opts.audience,
    expiresIn: opts.expiresInSeconds,
  });
}

interface CacheEntry {
  value: SessionAnswer | null;
  expiresAt: number;
}

/** What a signed-in request hears while identity cannot say whether its session is active: try again soon. */
export const SESSION_CHECK_UNAVAILABLE = 'Your sign-in could not be checked just now. Please try again in a moment.';

/**
 * For services other than identity: asks identity's internal endpoint whether a session is active and caches
 * the answer briefly. `invalidate(sid)` drops an entry at once (called on identity.session-revoked events),
 * `invalidateUser(userId)` every entry of a user (identity.email-verified: the user's standing changed). An answer
 * that was on its way while an entry was dropped is returned but not cached, so it cannot bring the old state back.
 */
export function httpSessionChecker(opts: { identityUrl: string; ttlMs?: number; maxEntries?: number; timeoutMs?: number }) {
  const ttl = opts.ttlMs ?? 10_000;
  const max = opts.maxEntries ?? 50_000;
  const cache = new Map<string, CacheEntry>();
  /** Counts the drops: an answer asked for before a drop is not cached. */
  let drops = 0;
  return {
    async check(sid: string): Promise<SessionAnswer | null> {
      const now = Date.now();
      const hit = cache.get(sid);
      if (hit && hit.expiresAt > now) return hit.value;
      const dropsBefore = drops;
      // Identity down, slow or failing: the session cannot be checked, which is neither the visitor's fault nor a
      // defect here — a 503 the visitor may retry (a route that reads the session only optionally catches it).
      let value: CacheEntry['value'] = null;
      try {
        const res = await fetch(new URL(`/internal/sessions/${encodeURIComponent(sid)}`, opts.identityUrl), {
          signal: AbortSignal.timeout(opts.timeoutMs ?? 3_000),
        });
        if (res.ok) value = SessionCheckAnswerSchema.parse(await res.json());
        else if (res.status !== 404) throw new Error(`session check failed: ${res.status}`);
      } catch {
        throw new HttpError(503, SESSION_CHECK_UNAVAILABLE, { headers: { 'Retry-After': '5' } });
      }
      if (drops !== dropsBefore) return value;
      cache.delete(sid);
      cache.set(sid, { value, expiresAt: now + ttl });
      if (cache.size > max) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return value;
    },
    invalidate(sid: string) {
      drops += 1;
      cache.delete(sid);
    },
    invalidateUser(userId: string) {
      drops += 1;
      for (const [sid, entry] of cache) if (entry.value?.userId === userId) cache.delete(sid);
    },
  };
}
