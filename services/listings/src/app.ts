import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { LIFECYCLE_MESSAGES, LISTING_TTL_DAYS_DEFAULT, ReminderOptOutDataSchema, RenewLinkDataSchema } from '@cp/contracts';
import {
  appPostingLimits,
  createAuth,
  createSignedLinks,
  initStores,
  operationsApp,
  type Logger,
  type PostingLimitOverrides,
  type ReadinessCheck,
  type ServiceAppInput,
  type SessionChecker,
} from '@cp/service-kit';
import { ListingsRepository } from './data/listings-repository.ts';
import { UploadsRepository } from './data/uploads-repository.ts';
import { TombstonesRepository } from './data/tombstones-repository.ts';
import { SavedSearchesRepository } from './data/saved-searches-repository.ts';
import { createAlertLinks } from './use-cases/alert-links.ts';
import { ALERT_UNSUBSCRIBE_PATH } from './use-cases/unsubscribe-alert.ts';
import { REMINDERS_UNSUBSCRIBE_PATH } from './api/lifecycle.ts';
import { listingsApi } from './api.ts';
import { ReminderOptOutsRepository } from './data/reminder-opt-outs-repository.ts';
import { SavedListingsRepository } from './data/saved-listings-repository.ts';
import { concurrencyLimit } from './images/concurrency.ts';
import type { ObjectStore } from '@cp/service-kit';
import type { ListingsDeps } from './use-cases/deps.ts';

export interface ListingsAppInput extends ServiceAppInput {
  conn: Connection;
  store: ObjectStore;
  logger: Logger;
  /** Token verification: identity's public key and claims, and the session checker (identity's internal endpoint). */
  auth: { publicKey: string; issuer: string; audience: string; sessions: SessionChecker };
  images?: { maxPixels: number; concurrentUploads?: number };
  readiness?: ReadinessCheck[];
  /** POSTING_LIMITS: overrides of the contracts' posting-limit defaults. */
  postingLimits?: PostingLimitOverrides;
  /** LINK_SIGNING_KEY: signs the links that act without a login (an alert's unsubscribe). */
  linkSigningKey: string;
  /** Issue 22 lifecycle: LISTING_TTL_DAYS (default LISTING_TTL_DAYS_DEFAULT); its links are signed with linkSigningKey. */
  lifecycle?: { ttlDays?: number };
  now?: () => Date;
}

export function storeReadiness(store: ObjectStore): ReadinessCheck {
  return { name: 's3', check: () => store.ping() };
}

/** Builds the listings service (repository, use cases, routes) on given connections; used by main and by tests. */
export async function buildListingsApp(input: ListingsAppInput): Promise<{ app: Koa; deps: ListingsDeps }> {
  const deps: ListingsDeps = {
    conn: input.conn,
    listings: new ListingsRepository(input.conn),
    uploads: new UploadsRepository(input.conn),
    tombstones: new TombstonesRepository(input.conn),
    postingLimits: appPostingLimits(input),
    savedSearches: new SavedSearchesRepository(input.conn),
    alertLinks: createAlertLinks(input.linkSigningKey),
    store: input.store,
    images: input.images ?? { maxPixels: 50_000_000 },
    uploadSlots: concurrencyLimit(input.images?.concurrentUploads ?? 4, 100),
    saved: new SavedListingsRepository(input.conn),
    optOuts: new ReminderOptOutsRepository(input.conn),
    lifecycle: {
      ttlDays: input.lifecycle?.ttlDays ?? LISTING_TTL_DAYS_DEFAULT,
      renewLinks: createSignedLinks({ key: input.linkSigningKey, purpose: 'renew-listing', schema: RenewLinkDataSchema, invalid: LIFECYCLE_MESSAGES.renewLinkInvalid }),
      optOutLinks: createSignedLinks({ key: input.linkSigningKey, purpose: 'unsubscribe-reminders', schema: ReminderOptOutDataSchema, invalid: LIFECYCLE_MESSAGES.optOutLinkInvalid }),
    },
    logger: input.logger,
    now: input.now ?? (() => new Date()),
  };
  await initStores(input.conn, [deps.listings, deps.uploads, deps.tombstones, deps.optOuts, deps.savedSearches, deps.saved, deps.postingLimits]);
  await input.store.ensureBucket();
  const auth = createAuth(input.auth);
  const app = operationsApp(input, listingsApi, deps, auth, {
    readiness: [storeReadiness(input.store)],
    rawBodyPaths: ['/api/upload', REMINDERS_UNSUBSCRIBE_PATH, ALERT_UNSUBSCRIBE_PATH],
  });
  return { app, deps };
}
