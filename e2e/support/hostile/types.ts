/**
 * The hostile-input corpus's shapes (issue 16): an endpoint, a service's corpus entry, the fuzz's sessions and what a
 * setup, cleanup or stored-data rule gets. The corpus itself is corpus.ts; the requests made of it, generators.ts; the
 * rules its answers and the stored data are judged by, rules.ts.
 */
/** The site's own services, whose corpus entries are in corpus.ts (a team's service brings its own: team-checks.ts). */
export type ServiceName = 'identity' | 'listings' | 'forum' | 'directory' | 'ads' | 'comms' | 'search' | 'renderer' | 'moderation' | 'messages';
/** Whose endpoints: a service's, or the gateway's own (health, the site's pages and files, the remote registry). */
export type CorpusName = ServiceName | 'gateway';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:id` where an id goes. */
  path: string;
  body: 'json' | 'multipart' | 'none';
  /**
   * Where it is fuzzed. `both` (default): through the gateway and directly. `direct`: only directly (a service's
   * /healthz and /readyz; the gateway's own are the gateway's). `internal`: service to service only: fuzzed directly,
   * and through the gateway every request must be refused (the plain one with a JSON 404).
   * The gateway's own endpoints are fuzzed through the gateway only.
   */
  reach?: 'both' | 'direct' | 'internal';
  /** A valid body, which the generated bodies break field by field. */
  sample?: Record<string, unknown>;
  /** Query parameters the endpoint reads. */
  query?: string[];
  /**
   * `user`: behind the login check (fuzzed with the attacker's session; logged out must answer 401 JSON). `admin`:
   * admins only (fuzzed with an admin attacker's session, so the bodies reach the code behind the check; logged out
   * must answer 401 and with a non-admin session 403, JSON). Omitted: anyone (fuzzed with the attacker's session).
   */
  auth?: 'user' | 'admin';
  /** Fuzzed without any session (logging out would end the attacker's). */
  sessionless?: boolean;
  /** The record of the service's setup that `:id` names (default `victim`). */
  target?: string;
}

/** Session cookies (`cp_session=...`) of the fuzz's users, made by the test before any setup. */
export interface FuzzSessions {
  /** The logged-in attacker (not an admin). */
  attacker: string;
  /** An admin attacker, for the admin endpoints. */
  admin: string;
  /** The owner of the records the attacker aims at. */
  victim: string;
  /** The owner of each service's untouched record. */
  bystander: string;
}

export interface CallResult {
  status: number;
  body: unknown;
}

/** What a setup or cleanup may use: JSON calls to a service directly (test data, not the behaviour under test). */
export interface FuzzContext {
  sessions: FuzzSessions;
  /** The user id of each session. */
  userIds: Record<keyof FuzzSessions, string>;
  call(service: string, method: string, path: string, opts?: { cookie?: string; json?: unknown; raw?: { type: string; data: Buffer } }): Promise<CallResult>;
}

/** What the fuzz did, for the stored-data rules and the cleanups. */
export interface FuzzOutcome {
  /** Each corpus's setup records by name (`victim`, `untouched`, ...): ids. */
  records: Record<string, Record<string, string>>;
  /** Every id a valid (2xx) changing fuzz request was answered with: `id`, and the URLs of an upload. */
  answered: Set<string>;
  /** The fuzz's users: the sessions' users and those its valid registrations made. */
  users: Set<string>;
  /** The ids of every outbox entry after the fuzz, in every database. */
  outboxIds: Set<string>;
}

export type StoredDoc = Record<string, unknown> & { _id: unknown };

/** What the fuzz may do to one collection. Anything not allowed here is a failure: changed, added or missing. */
export interface StoredRule {
  /**
   * Fields the fuzz legitimately changes, on the named setup records only (every other document must stay exactly as
   * it was), or on every document when `records` is omitted (the relay's bookkeeping of the outbox).
   */
  mutable?: { records?: string[]; fields: string[] };
  /** Setup records a valid fuzz request may delete. */
  removable?: string[];
  /** How a document that a valid fuzz request added is recognised; a collection without it may gain nothing. */
  added?: (doc: StoredDoc, outcome: FuzzOutcome) => boolean;
  /** The field of a TTL index: a document past it may vanish during the run (MongoDB's TTL monitor, not the fuzz). */
  expiresAt?: string;
}

export interface Corpus {
  endpoints: Endpoint[];
  /**
   * Makes the records the fuzz aims at (`victim`; `doomed` for a DELETE an admin may really do) and one record the
   * fuzz never names (`untouched`), before the snapshot of the stored data. Returns their ids by name.
   */
  setup(ctx: FuzzContext): Promise<Record<string, string>>;
  /** Removes what setup and the fuzz's valid requests made that other test files would see (lists they count). */
  cleanup?(ctx: FuzzContext, outcome: FuzzOutcome): Promise<void>;
  /** The service's database (named like the service) by collection; see StoredRule. */
  stored?: Record<string, StoredRule>;
  /** Site paths (with `:name` for a setup record) whose bytes must be the same after the fuzz (stored files). */
  files?: string[];
}
