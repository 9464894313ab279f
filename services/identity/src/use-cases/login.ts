import { forbidden, tooManyRequests, unauthorized } from '@cp/service-kit';
import { LoginRequestSchema, MODERATION_MESSAGES, type PublicUser } from '@cp/contracts';
import { toPublicUser } from '../data/user-mapper.ts';
import type { ThrottleRule } from '../data/login-throttle-repository.ts';
import { verifyAgainstDummy, verifyPassword } from '../passwords.ts';
import { startSession, type IssuedSession } from './start-session.ts';
import { isBanned } from './apply-ban.ts';
import type { IdentityDeps } from './deps.ts';

const MINUTE = 60_000;
/** Same user from the same address: 5 free tries, then 1 s, 2 s, 4 s ... at most 1 minute. */
export const PAIR_RULE: ThrottleRule = { free: 5, baseDelayMs: 1_000, maxDelayMs: MINUTE, windowMs: 15 * MINUTE };
/** Same user from anywhere: 20 free tries, then growing waits of at most 5 minutes (never a long lock-out). */
export const USER_RULE: ThrottleRule = { free: 20, baseDelayMs: 1_000, maxDelayMs: 5 * MINUTE, windowMs: 15 * MINUTE };

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please try again later.';

export async function login(deps: IdentityDeps, body: unknown, clientIp: string, userAgent?: string): Promise<{ user: PublicUser; session: IssuedSession }> {
  const input = LoginRequestSchema.parse(body);
  const name = input.username.toLowerCase();
  const keys = [`login:${name}|${clientIp}`, `login:${name}`];
  const now = deps.now();
  const wait = await deps.throttle.waitMs(keys, now);
  if (wait > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, wait / 1000);

  const user = await deps.users.findByUsername(input.username);
  const ok = user ? await verifyPassword(user.password, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await deps.throttle.recordFailure(keys[0]!, PAIR_RULE, now);
    await deps.throttle.recordFailure(keys[1]!, USER_RULE, now);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await deps.throttle.clear([keys[0]!]);
  // A banned account is told why, in one sentence (403), but only after the password proved who is asking: to anyone
  // else it answers like every wrong password, so the sentence never tells a stranger that the account exists.
  if (isBanned(user)) throw forbidden(MODERATION_MESSAGES.banned);
  const session = await startSession(deps, { id: user._id, isAdmin: user.isAdmin }, input.rememberMe ?? false, userAgent);
  return { user: toPublicUser(user), session };
}
