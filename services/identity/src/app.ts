import type Koa from 'koa';
import { createAuth, initStores, operationsApp, type ServiceAppInput } from '@cp/service-kit';
import { UsersRepository } from './data/users-repository.ts';
import { SessionsRepository } from './data/sessions-repository.ts';
import { LoginThrottleRepository } from './data/login-throttle-repository.ts';
import { BannedMailboxesRepository } from './data/banned-mailboxes-repository.ts';
import { identityApi } from './api.ts';
import { checkSession } from './use-cases/check-session.ts';
import type { IdentityDeps } from './use-cases/deps.ts';

/** The kit's app input, without `auth`: identity signs the tokens and checks its own sessions (no cache). */
export interface IdentityAppInput extends Omit<ServiceAppInput, 'auth'> {
  config: IdentityDeps['config'];
}

/** Builds the identity service (repositories, use cases, routes) on given connections; used by main and by tests. */
export async function buildIdentityApp(input: IdentityAppInput): Promise<{ app: Koa; deps: IdentityDeps }> {
  const deps: IdentityDeps = {
    conn: input.conn,
    users: new UsersRepository(input.conn),
    sessions: new SessionsRepository(input.conn),
    throttle: new LoginThrottleRepository(input.conn),
    bannedMailboxes: new BannedMailboxesRepository(input.conn),
    config: input.config,
    logger: input.logger,
    now: input.now ?? (() => new Date()),
  };
  await initStores(input.conn, [deps.users, deps.sessions, deps.throttle, deps.bannedMailboxes]);
  // identity checks its own sessions directly, without a cache: logout is effective at once here.
  const auth = createAuth({
    publicKey: input.config.publicKey,
    issuer: input.config.JWT_ISSUER,
    audience: input.config.JWT_AUDIENCE,
    sessions: { check: (sid) => checkSession(deps, sid) },
  });
  const app = operationsApp(input, identityApi, deps, auth);
  return { app, deps };
}
