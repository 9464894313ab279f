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
  ],
});
