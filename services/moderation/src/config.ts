import { z } from 'zod';
import { DEFAULT_HIDE_THRESHOLD } from '@cp/contracts';
import { behindIdentityEnv, loadWithPublicKey, manifestPort, PostingLimitsEnv } from '@cp/service-kit';

/** How many distinct reporters hide an item pending review (from 1, for demos and tests, to 100). */
export const HideThreshold = z.coerce.number().int().min(1).max(100).default(DEFAULT_HIDE_THRESHOLD);

/** The moderation service's environment: behindIdentityEnv (its demo data: one reported demo listing in the admin queue, when there is no case) and its own. */
export const ModerationEnv = behindIdentityEnv({ port: manifestPort(import.meta.url), db: 'moderation', demo: 'demo reports' }).safeExtend({
  /**
   * The owners of reportable content (REPORT_KIND_OWNER): a report looks its item up there
   * (GET /internal/content/{kind}/{id}) to learn that it exists, who wrote it and what it says.
   */
  LISTINGS_URL: z.url(),
  FORUM_URL: z.url(),
  DIRECTORY_URL: z.url(),
  /** The messages service: reported conversations (issue 23). */
  MESSAGES_URL: z.url(),
  HIDE_THRESHOLD: HideThreshold,
  /**
   * The Prometheus that scrapes the services (issue 36 §4): the admins' Operations tab reads its range query API.
   * Absent (or down), the operations API answers `{ available: false }` and the tab says the metrics are unavailable.
   */
  PROMETHEUS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Overrides of the per-user posting limits (the action 'report'); absent: the contracts' defaults. */
  ...PostingLimitsEnv.shape,
});

export type ModerationConfig = z.infer<typeof ModerationEnv> & { publicKey: string };

export function loadModerationConfig(env: NodeJS.ProcessEnv = process.env): ModerationConfig {
  return loadWithPublicKey(ModerationEnv, env);
}
