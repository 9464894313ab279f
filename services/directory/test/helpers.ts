import type { Connection } from 'mongoose';
import type { NatsHandle } from '@cp/service-kit';
import { call, newUser, startBehindIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildDirectoryApp } from '../src/app.ts';
import type { DirectoryDeps } from '../src/use-cases/deps.ts';

export { call, newUser, until };

export interface Session {
  cookie: string;
  userId: string;
  username: string;
}

export interface DirectoryHarness {
  base: string;
  identity: IdentityHarness;
  deps: DirectoryDeps;
  conn: Connection;
  nats: NatsHandle;
  /** Registers a user at identity; returns the session cookie, the user's id and name. */
  newSession(): Promise<Session>;
  newAdminSession(): Promise<Session>;
  close(): Promise<void>;
}

/** The real identity app and the directory app side by side on the real test MongoDB, NATS and both outbox relays. */
export async function startDirectory(): Promise<DirectoryHarness> {
  const base = await startBehindIdentity('directory');
  const { app, deps } = await buildDirectoryApp({ conn: base.conn, logger: base.logger, auth: base.auth });
  return {
    base: await base.serve(app),
    identity: base.identity,
    deps,
    conn: base.conn,
    nats: base.nats,
    newSession: () => base.newSession(),
    newAdminSession: () => base.newAdminSession(),
    close: () => base.close(),
  };
}

/** A valid admin body (spec §5 Business), with overrides (undefined removes a field). */
export function businessBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: 'Saffron Kitchen',
    category: 'Food & Dining',
    mainCategory: 'Food & Dining',
    subCategory: 'Indian Restaurants',
    description: 'North and South Indian dishes.',
    address: '4820 Carlisle Pike, Mechanicsburg, PA 17050',
    phone: '(717) 555-0101',
    email: 'hello@saffron.example',
    website: 'https://saffron.example',
    logoUrl: '',
    premium: false,
    ...overrides,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
}
