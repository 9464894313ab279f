import { randomUUID } from 'node:crypto';
import { conflict, runInTransaction } from '@cp/service-kit';
import { EMAIL_VERIFICATION_TTL_MS, EmailVerificationRequested, RegisterRequestSchema, UserRegistered, type PublicUser } from '@cp/contracts';
import { toPublicUser } from '../data/user-mapper.ts';
import type { UserDoc } from '../data/users-repository.ts';
import { hashPassword } from '../passwords.ts';
import { hashResetToken, mailLinkToken } from './reset-tokens.ts';
import { startSession, type IssuedSession } from './start-session.ts';
import type { IdentityDeps } from './deps.ts';
import { mailboxKey } from './mailbox-key.ts';

export const USERNAME_TAKEN = { message: 'Username already exists', code: 'username_taken' } as const;
export const EMAIL_TAKEN = { message: 'Email already registered', code: 'email_taken' } as const;

/**
 * Registers a user (spec §5 rules) and logs them in. Username and e-mail conflicts are distinct 409s. The account
 * starts unverified; with an e-mail address, the verification link's hash (48 hours, single use) is stored with the
 * user and an identity.email-verification-requested event in the same transaction has comms mail the link, so a mail
 * server that is down never fails the registration (the mail is retried, and the user can ask again).
 */
export async function register(deps: IdentityDeps, body: unknown, userAgent?: string): Promise<{ user: PublicUser; session: IssuedSession }> {
  const input = RegisterRequestSchema.parse(body);
  const email = input.email ? input.email.toLowerCase() : undefined;
  if (await deps.users.usernameTaken(input.username)) throw conflict(USERNAME_TAKEN.message, USERNAME_TAKEN.code);
  if (email && (await deps.users.emailTaken(email))) throw conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.code);
  // A banned person's mailbox, however spelled (issue 41 §3): the answer of any taken address, so it tells nothing.
  if (email && (await deps.bannedMailboxes.has(mailboxKey(email)))) {
    deps.logger.warn({ username: input.username }, 'registration refused: the mailbox of a banned user');
    throw conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.code);
  }
  const now = deps.now();
  const passwordHash = await hashPassword(input.password);
  const requestId = randomUUID();
  const verifyLink = email
    ? { emailVerifyToken: hashResetToken(mailLinkToken(deps.config.privateKey, 'email-verification', requestId)), emailVerifyExpiry: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS) }
    : {};
  let created: UserDoc;
  try {
    created = await runInTransaction(deps.conn, async (session, emit) => {
      const user = await deps.users.create(
        {
          username: input.username,
          usernameLower: input.username.toLowerCase(),
          password: passwordHash,
          email,
          firstName: input.firstName || undefined,
          lastName: input.lastName || undefined,
          isAdmin: false,
          emailVerified: false,
          termsAccepted: true,
          termsAcceptedAt: now,
          ...verifyLink,
        },
        session,
      );
      await emit(UserRegistered, { userId: user._id, username: user.username, email: user.email ?? null });
      if (user.email) await emit(EmailVerificationRequested, { userId: user._id, requestId });
      return user;
    });
  } catch (err) {
    // Two registrations racing past the checks above: the unique indexes decide.
    const key = (err as { code?: number; keyPattern?: Record<string, unknown> }).code === 11000 ? (err as { keyPattern?: Record<string, unknown> }).keyPattern : undefined;
    if (key && 'usernameLower' in key) throw conflict(USERNAME_TAKEN.message, USERNAME_TAKEN.code);
    if (key && 'email' in key) throw conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.code);
    throw err;
  }
  const session = await startSession(deps, { id: created._id, isAdmin: created.isAdmin }, false, userAgent);
  return { user: toPublicUser(created), session };
}
