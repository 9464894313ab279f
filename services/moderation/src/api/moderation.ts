import {
  BanUserBodySchema,
  BannedUserPageSchema,
  BannedUserSchema,
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
import { operations, signedIn } from '@cp/service-kit';
import { banUser } from '../use-cases/ban-user.ts';
import type { ModerationDeps } from '../use-cases/deps.ts';
import { dismissCase } from '../use-cases/dismiss-case.ts';
import { listBans } from '../use-cases/list-bans.ts';
import { listCases } from '../use-cases/list-cases.ts';
import { listLog } from '../use-cases/list-log.ts';
import { removeCase } from '../use-cases/remove-case.ts';
import { reportContent } from '../use-cases/report-content.ts';
import { unbanUser } from '../use-cases/unban-user.ts';

/**
 * Reporting (signed in) and the moderation queue, its decisions, bans and audit log under /api/admin/moderation: every
 * one of those is for admins only (401 signed out, 403 without the role), checked here.
 */
export const moderationOperations = operations<ModerationDeps>([
  {
    method: 'post', path: '/api/reports', id: 'reportContent', summary: 'Report a listing, post, reply, business, review or conversation', auth: 'user', postingLimit: 'report',
    description: 'One report per user per item, never one\'s own; enough distinct reporters hide the item pending review.',
    body: CreateReportBodySchema, responses: { 201: { description: 'Reported.', schema: CreateReportAnswerSchema } }, errors: [400, 403, 404, 409],
    handle: (ctx, deps) => reportContent(deps, signedIn(ctx), ctx.request.body),
  },
  {
    method: 'get', path: '/api/admin/moderation/cases', id: 'listCases', summary: 'The moderation queue', auth: 'admin', query: ModerationCasesQuerySchema,
    responses: { 200: { description: 'One page of cases.', schema: ModerationCasePageSchema } }, errors: [400],
    handle: (ctx, deps) => listCases(deps, ctx.query),
  },
  {
    method: 'post', path: '/api/admin/moderation/cases/:id/dismiss', id: 'dismissCase', summary: 'Dismiss a case (the item shows again)', auth: 'admin', params: { id: IdSchema },
    body: DismissCaseBodySchema, responses: { 200: { description: 'The closed case.', schema: ModerationCaseSchema } }, errors: [400, 404, 409],
    handle: (ctx, deps) => dismissCase(deps, signedIn(ctx), ctx.params.id ?? '', ctx.request.body),
  },
  {
    method: 'post', path: '/api/admin/moderation/cases/:id/remove', id: 'removeCase', summary: 'Remove the reported item', auth: 'admin', params: { id: IdSchema },
    body: RemoveCaseBodySchema, responses: { 200: { description: 'The closed case.', schema: ModerationCaseSchema } }, errors: [400, 404, 409],
    handle: (ctx, deps) => removeCase(deps, signedIn(ctx), ctx.params.id ?? '', ctx.request.body),
  },
  {
    method: 'post', path: '/api/admin/moderation/users/:userId/ban', id: 'banUser', summary: 'Ban a user', auth: 'admin', params: { userId: IdSchema },
    body: BanUserBodySchema, responses: { 201: { description: 'The ban.', schema: BannedUserSchema } }, errors: [400, 404, 409],
    handle: (ctx, deps) => banUser(deps, signedIn(ctx), ctx.params.userId ?? '', ctx.request.body),
  },
  {
    method: 'post', path: '/api/admin/moderation/users/:userId/unban', id: 'unbanUser', summary: 'Lift a ban', auth: 'admin', params: { userId: IdSchema },
    body: UnbanUserBodySchema, responses: { 204: { description: 'Lifted.' } }, errors: [400, 404],
    handle: (ctx, deps) => unbanUser(deps, signedIn(ctx), ctx.params.userId ?? '', ctx.request.body),
  },
  {
    method: 'get', path: '/api/admin/moderation/bans', id: 'listBans', summary: 'Banned users', auth: 'admin', query: ModerationPageQuerySchema,
    responses: { 200: { description: 'One page of bans.', schema: BannedUserPageSchema } }, errors: [400],
    handle: (ctx, deps) => listBans(deps, ctx.query),
  },
  {
    method: 'get', path: '/api/admin/moderation/log', id: 'listLog', summary: 'The audit log', auth: 'admin', query: ModerationPageQuerySchema,
    responses: { 200: { description: 'One page of the log, newest first.', schema: ModerationLogPageSchema } }, errors: [400],
    handle: (ctx, deps) => listLog(deps, ctx.query),
  },
]);
