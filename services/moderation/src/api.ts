import { defineOperations } from '@cp/service-kit';
import type { ModerationDeps } from './use-cases/deps.ts';
import { moderationOperations } from './api/moderation.ts';
import { releasesOperations } from './api/releases.ts';
import { operationsTabOperations } from './api/operations.ts';

/**
 * The moderation service's operations, one file per area: its router, its OpenAPI document and the route test
 * (service-kit operations.ts).
 */
export const moderationApi = defineOperations<ModerationDeps>({
  service: 'moderation',
  title: 'Moderation',
  description: 'Trust and safety (issue 21): reports by signed-in users, and the admins\' moderation queue, decisions, bans and audit log.',
  operations: [...moderationOperations, ...releasesOperations, ...operationsTabOperations],
});
