import type { Connection } from 'mongoose';
import type { Logger } from '@cp/service-kit';
import type { UsersRepository } from '../data/users-repository.ts';
import type { SessionsRepository } from '../data/sessions-repository.ts';
import type { LoginThrottleRepository } from '../data/login-throttle-repository.ts';
import type { BannedMailboxesRepository } from '../data/banned-mailboxes-repository.ts';
import type { IdentityConfig } from '../config.ts';

export interface IdentityDeps {
  conn: Connection;
  users: UsersRepository;
  sessions: SessionsRepository;
  throttle: LoginThrottleRepository;
  /** The mailboxes of banned users (normalised): no new account with one of them. */
  bannedMailboxes: BannedMailboxesRepository;
  config: Pick<IdentityConfig, 'privateKey' | 'publicKey' | 'JWT_ISSUER' | 'JWT_AUDIENCE' | 'PUBLIC_URL' | 'COOKIE_SECURE'>;
  logger: Logger;
  now: () => Date;
}
