import {
  BannedUserPageSchema,
  BannedUserSchema,
  BanUserBodySchema,
  CreateReportAnswerSchema,
  CreateReportBodySchema,
  DismissCaseBodySchema,
  IdSchema,
  ModerationCasePageSchema,
  ModerationCaseSchema,
  ModerationCasesQuerySchema,
  ModerationLogPageSchema,
  ModerationPageQuerySchema,
  RemoveCaseBodySchema,
  UnbanUserBodySchema,
  ReleaseRemoteNameSchema,
  ReleaseRequestSchema,
  ReleaseSchema,
  ReleasesListSchema,
  OperationsAnswerSchema,
  OperationsQuerySchema,
} from '@cp/contracts';
import { defineServiceApi } from '@cp/contracts/openapi';

/** The moderation service's operations (routes.ts), for the OpenAPI documents and the route test (scripts/openapi). */
export const moderationApi = defineServiceApi({
  service: 'moderation',
  title: 'Moderation',
  description: 'Trust and safety (issue 21): reports by signed-in users, and the admins\' moderation queue, decisions, bans and audit log.',
  operations: [
    {
      method: 'post', path: '/api/reports', id: 'reportContent', summary: 'Report a listing, post, reply, business, review or conversation', auth: 'user', postingLimit: 'report',
      description: 'One report per user per item, never one\'s own; enough distinct reporters hide the item pending review.',
      body: CreateReportBodySchema, responses: { 201: { description: 'Reported.', schema: CreateReportAnswerSchema } }, errors: [400, 403, 404, 409],
    },
    {
      method: 'get', path: '/api/admin/moderation/cases', id: 'listCases', summary: 'The moderation queue', auth: 'admin', query: ModerationCasesQuerySchema,
      responses: { 200: { description: 'One page of cases.', schema: ModerationCasePageSchema } }, errors: [400],
    },
    {
      method: 'post', path: '/api/admin/moderation/cases/:id/dismiss', id: 'dismissCase', summary: 'Dismiss a case (the item shows again)', auth: 'admin', params: { id: IdSchema },
      body: DismissCaseBodySchema, responses: { 200: { description: 'The closed case.', schema: ModerationCaseSchema } }, errors: [400, 404, 409],
    },
    {
      method: 'post', path: '/api/admin/moderation/cases/:id/remove', id: 'removeCase', summary: 'Remove the reported item', auth: 'admin', params: { id: IdSchema },
      body: RemoveCaseBodySchema, responses: { 200: { description: 'The closed case.', schema: ModerationCaseSchema } }, errors: [400, 404, 409],
    },
    {
      method: 'post', path: '/api/admin/moderation/users/:userId/ban', id: 'banUser', summary: 'Ban a user', auth: 'admin', params: { userId: IdSchema },
      body: BanUserBodySchema, responses: { 201: { description: 'The ban.', schema: BannedUserSchema } }, errors: [400, 404, 409],
    },
    {
      method: 'post', path: '/api/admin/moderation/users/:userId/unban', id: 'unbanUser', summary: 'Lift a ban', auth: 'admin', params: { userId: IdSchema },
      body: UnbanUserBodySchema, responses: { 204: { description: 'Lifted.' } }, errors: [400, 404],
    },
    {
      method: 'get', path: '/api/admin/moderation/bans', id: 'listBans', summary: 'Banned users', auth: 'admin', query: ModerationPageQuerySchema,
      responses: { 200: { description: 'One page of bans.', schema: BannedUserPageSchema } }, errors: [400],
    },
    {
      method: 'get', path: '/api/admin/moderation/log', id: 'listLog', summary: 'The audit log', auth: 'admin', query: ModerationPageQuerySchema,
      responses: { 200: { description: 'One page of the log, newest first.', schema: ModerationLogPageSchema } }, errors: [400],
    },
    {
      method: 'get', path: '/api/admin/releases', id: 'listReleases', summary: 'The remotes, their live versions and their releases by percentage', auth: 'admin',
      description: 'Issue 35 §4: every registered remote with the versions its live instances run, and its release (state, percent, when and why it rolled back with both error rates).',
      responses: { 200: { description: 'The remotes and their releases.', schema: ReleasesListSchema } }, errors: [503],
    },
    {
      method: 'post', path: '/api/admin/releases/:remote', id: 'setRelease', summary: 'Send a share of the visitors to a version of a remote', auth: 'admin', params: { remote: ReleaseRemoteNameSchema },
      description: 'The version must be one a live instance of the remote runs. 0 % stops the release (everybody gets the stable version), 100 % promotes the version.',
      body: ReleaseRequestSchema, responses: { 200: { description: 'The release.', schema: ReleaseSchema } }, errors: [400, 404, 409, 503],
    },
    {
      method: 'get', path: '/api/admin/operations', id: 'getOperations', summary: 'Per service: requests, p95 latency, errors, instances, outbox age and consumer backlog', auth: 'admin', query: OperationsQuerySchema,
      description: 'Issue 36 §4: read from Prometheus\' range query API (3 s deadline). Values are aligned on `timestamps`, one per panel and timestamp (null: no value). When Prometheus is not configured, down or slow the answer is still 200: `{ available: false, error }`.',
      responses: { 200: { description: 'The series, or why the metrics are unavailable.', schema: OperationsAnswerSchema } }, errors: [400],
    },
  ],
});
