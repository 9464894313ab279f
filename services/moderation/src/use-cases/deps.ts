import type { Connection } from 'mongoose';
import type { Logger, PostingLimits } from '@cp/service-kit';
import type { AuditLogRepository } from '../data/audit-log-repository.ts';
import type { BansRepository } from '../data/bans-repository.ts';
import type { CasesRepository } from '../data/cases-repository.ts';
import type { ContentOwners } from '../data/content-owners.ts';
import type { ReportsRepository } from '../data/reports-repository.ts';
import type { UserDirectory } from '@cp/service-kit';
import type { ReleasesDeps } from './releases.ts';
import type { MetricsSource } from '../data/prometheus.ts';

export interface ModerationDeps {
  conn: Connection;
  cases: CasesRepository;
  reports: ReportsRepository;
  log: AuditLogRepository;
  bans: BansRepository;
  /** The owners of the reportable content (listings, forum, directory): what an item is and who wrote it. */
  owners: ContentOwners;
  /** Identity's users: a ban's target exists, and their name. */
  users: UserDirectory;
  /** Reports per user: the kit's posting limits (action 'report'), in MongoDB so they hold across replicas. */
  limits: PostingLimits;
  config: { HIDE_THRESHOLD: number };
  logger: Logger;
  now: () => Date;
  /** The releases by percentage (issue 35 §4): absent, their routes answer 503. */
  releases?: ReleasesDeps | undefined;
  /** Prometheus, for the Operations tab (issue 36 §4): absent, the operations API answers `available: false`. */
  metrics?: MetricsSource | undefined;
}
