import { OperationsAnswerSchema, OperationsQuerySchema } from '@cp/contracts';
import { operations } from '@cp/service-kit';
import type { ModerationDeps } from '../use-cases/deps.ts';
import { readOperations } from '../use-cases/operations.ts';

/** The Operations tab's charts (issue 36 §4): admins only, checked here; Prometheus down is a 200 saying so. */
export const operationsTabOperations = operations<ModerationDeps>([
  {
    method: 'get', path: '/api/admin/operations', id: 'getOperations', summary: 'Per service: requests, p95 latency, errors, instances, outbox age and consumer backlog', auth: 'admin', query: OperationsQuerySchema,
    description: 'Issue 36 §4: read from Prometheus\' range query API (3 s deadline). Values are aligned on `timestamps`, one per panel and timestamp (null: no value). When Prometheus is not configured, down or slow the answer is still 200: `{ available: false, error }`.',
    responses: { 200: { description: 'The series, or why the metrics are unavailable.', schema: OperationsAnswerSchema } }, errors: [400],
    handle: (ctx, deps) => {
      ctx.set('Cache-Control', 'no-store');
      return readOperations(deps, ctx.query);
    },
  },
]);
