import './zod-config.ts';
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, PageResponseSchema } from './common.ts';
import { LIST_PAGE_SIZES } from './lists.ts';
import {
  CONTENT_EXCERPT_MAX,
  CONTENT_TITLE_MAX,
  MODERATION_ACTIONS,
  MODERATION_MESSAGES,
  POSTING_ACTIONS,
  REPORT_DETAILS_MAX,
  REPORT_KINDS,
  REPORT_REASONS,
} from './moderation-values.ts';

export * from './moderation-values.ts';

export const ReportKindSchema = z.enum(REPORT_KINDS);
export const ReportReasonSchema = z.enum(REPORT_REASONS);
export const ModerationActionSchema = z.enum(MODERATION_ACTIONS);
export const PostingActionSchema = z.enum(POSTING_ACTIONS);

const details = z
  .string()
  .max(REPORT_DETAILS_MAX, `At most ${REPORT_DETAILS_MAX} characters`)
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** POST /api/reports (signed in): one report per user per item; 'other' needs the reporter's words. */
export const CreateReportBodySchema = z
  .strictObject({ kind: ReportKindSchema, itemId: IdSchema, reason: ReportReasonSchema, details })
  .refine((b) => b.reason !== 'other' || b.details !== undefined, { message: MODERATION_MESSAGES.detailsRequired, path: ['details'] });
export type CreateReportBody = z.infer<typeof CreateReportBodySchema>;
export const CreateReportAnswerSchema = z.object({ reportId: IdSchema, message: z.string() });
export type CreateReportAnswer = z.infer<typeof CreateReportAnswerSchema>;

/**
 * A piece of content as its owner service describes it to moderation: GET /internal/content/{kind}/{id} (never routed
 * by the gateway) on listings, forum and directory. Answers hidden content too; 404 when it does not exist.
 * `path`: where it is seen on the site (a reply and a review: their post's or business's page).
 */
export const ContentSnapshotSchema = z.object({
  kind: ReportKindSchema,
  itemId: IdSchema,
  authorId: IdSchema.nullable(),
  authorName: z.string().nullable(),
  title: z.string().max(CONTENT_TITLE_MAX),
  excerpt: z.string().max(CONTENT_EXCERPT_MAX),
  path: z.string().startsWith('/'),
  createdAt: IsoDateTimeSchema,
});
export type ContentSnapshot = z.infer<typeof ContentSnapshotSchema>;

/** Where a moderated item stands: reported and visible, hidden pending review, or decided. */
export const ModerationCaseStatusSchema = z.enum(['open', 'hidden', 'dismissed', 'removed']);
export type ModerationCaseStatus = z.infer<typeof ModerationCaseStatusSchema>;

export const ReportSchema = z.object({
  id: IdSchema,
  reporterId: IdSchema,
  reporterName: z.string(),
  reason: ReportReasonSchema,
  details: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type Report = z.infer<typeof ReportSchema>;

/** One reported item in the admin queue: the content, its reports (newest first, at most 50), the counts by reason. */
export const ModerationCaseSchema = z.object({
  id: IdSchema,
  kind: ReportKindSchema,
  itemId: IdSchema,
  status: ModerationCaseStatusSchema,
  content: ContentSnapshotSchema,
  reportCount: z.number().int().nonnegative(),
  reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int().positive() })),
  reports: z.array(ReportSchema),
  firstReportedAt: IsoDateTimeSchema,
  lastReportedAt: IsoDateTimeSchema,
  decidedAt: IsoDateTimeSchema.nullable(),
});
export type ModerationCase = z.infer<typeof ModerationCaseSchema>;
export const ModerationCasePageSchema = PageResponseSchema(ModerationCaseSchema);

/** GET /api/admin/moderation/cases: the open and hidden ones by number of reports, then newest; `status=closed` the decided ones. */
export const ModerationCasesQuerySchema = z.object({
  status: z.enum(['pending', 'closed']).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIST_PAGE_SIZES.moderation.max).default(LIST_PAGE_SIZES.moderation.default),
});

export const DismissCaseBodySchema = z.strictObject({ note: details });
export const RemoveCaseBodySchema = z.strictObject({ reason: ReportReasonSchema, note: details });
export const BanUserBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'Please give a reason').max(REPORT_DETAILS_MAX, `At most ${REPORT_DETAILS_MAX} characters`),
  /** The case the ban was decided from (the audit log links them). */
  caseId: IdSchema.optional(),
});
export const UnbanUserBodySchema = z.strictObject({ note: details });

/** One line of the audit log: who did what, to what, when and why. `actorId` null: the system (the automatic hiding). */
export const ModerationLogEntrySchema = z.object({
  id: IdSchema,
  action: ModerationActionSchema,
  actorId: IdSchema.nullable(),
  actorName: z.string().nullable(),
  caseId: IdSchema.nullable(),
  kind: ReportKindSchema.nullable(),
  itemId: IdSchema.nullable(),
  userId: IdSchema.nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  /** What the action was on, as people read it: the item's title, or the user's name for a ban (null: unknown). */
  subject: z.string().nullable().optional(),
  at: IsoDateTimeSchema,
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;
export const ModerationLogPageSchema = PageResponseSchema(ModerationLogEntrySchema);

export const BannedUserSchema = z.object({ userId: IdSchema, username: z.string().nullable(), reason: z.string(), bannedBy: IdSchema, bannedAt: IsoDateTimeSchema });
export type BannedUser = z.infer<typeof BannedUserSchema>;
export const BannedUserPageSchema = PageResponseSchema(BannedUserSchema);

export const ModerationPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIST_PAGE_SIZES.moderation.max).default(LIST_PAGE_SIZES.moderation.default),
});

/**
 * How an item stands for its author, on the owner service's answers (listing, post, reply, review, business): absent
 * when visible to everyone; 'under-review' when hidden pending review (only its author still gets it, with
 * MODERATION_MESSAGES.underReview).
 */
export const ModerationStateSchema = z.enum(['under-review']);
