import type Koa from 'koa';
import { createAuth, appPostingLimits, initStores, operationsApp, type PostingLimitOverrides, type ServiceAppInput } from '@cp/service-kit';
import { AuditLogRepository } from './data/audit-log-repository.ts';
import { BansRepository } from './data/bans-repository.ts';
import { CasesRepository } from './data/cases-repository.ts';
import type { ContentOwners } from './data/content-owners.ts';
import { ReportsRepository } from './data/reports-repository.ts';
import type { UserDirectory } from '@cp/service-kit';
import { HideThreshold } from './config.ts';
import { moderationApi } from './api.ts';
import type { ModerationDeps } from './use-cases/deps.ts';
import type { ReleasesDeps } from './use-cases/releases.ts';
import type { MetricsSource } from './data/prometheus.ts';

export interface ModerationAppInput extends ServiceAppInput {
  /** The content owners' internal endpoints (main: httpContentOwners on LISTINGS_URL, FORUM_URL, DIRECTORY_URL, MESSAGES_URL). */
  owners: ContentOwners;
  /** Identity's users (main: identityUserDirectory on IDENTITY_URL). */
  users: UserDirectory;
  /** HIDE_THRESHOLD may be left out: the config schema's default. */
  config?: Partial<ModerationDeps['config']>;
  /** POSTING_LIMITS: overrides of the contracts' per-user limits (reports are the action 'report'). */
  postingLimits?: PostingLimitOverrides;
  /** The releases by percentage (issue 35 §4; main: the registry and the releases bucket on NATS). */
  releases?: ReleasesDeps;
  /** Prometheus for the Operations tab (issue 36 §4; main: prometheusSource on PROMETHEUS_URL when set). */
  metrics?: MetricsSource;
}

/** Builds the moderation service (repositories, use cases, routes) on given connections; used by main and by tests. */
export async function buildModerationApp(input: ModerationAppInput): Promise<{ app: Koa; deps: ModerationDeps }> {
  const deps: ModerationDeps = {
    conn: input.conn,
    cases: new CasesRepository(input.conn),
    reports: new ReportsRepository(input.conn),
    log: new AuditLogRepository(input.conn),
    bans: new BansRepository(input.conn),
    owners: input.owners,
    users: input.users,
    limits: appPostingLimits(input),
    config: { HIDE_THRESHOLD: input.config?.HIDE_THRESHOLD ?? HideThreshold.parse(undefined) },
    logger: input.logger,
    now: input.now ?? (() => new Date()),
    releases: input.releases,
    metrics: input.metrics,
  };
  await initStores(input.conn, [deps.cases, deps.reports, deps.log, deps.bans, deps.limits]);
  const app = operationsApp(input, moderationApi, deps, createAuth(input.auth));
  return { app, deps };
}
