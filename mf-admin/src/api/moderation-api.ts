import { LIST_PAGE_SIZES, type BannedUser, type ModerationCase, type ModerationLogEntry, type ReportReason } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/** One page of a moderation list, as the moderation service answers it (the contracts' PageResponseSchema). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type CaseFilter = 'pending' | 'closed';

/** A page of the admin lists: the service's default size, our only one. */
export const MODERATION_PAGE_SIZE = LIST_PAGE_SIZES.moderation.default;

// Tags of this tab only: added here rather than in web-core's list, which every page's first view carries.
const api = baseApi.enhanceEndpoints({ addTagTypes: ['ModerationCase', 'ModerationBan', 'ModerationLog'] });

/**
 * The Reports tab's calls (issue 21 §3; the moderation service, admin only there): the queue, the decisions, the bans
 * and the audit log. Every decision refreshes the lists it changes.
 */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getModerationCases: build.query<Page<ModerationCase>, { status: CaseFilter; page: number }>({
      query: ({ status, page }) => `/api/admin/moderation/cases?status=${status}&page=${page}&pageSize=${MODERATION_PAGE_SIZE}`,
      providesTags: [{ type: 'ModerationCase', id: 'LIST' }],
    }),
    dismissModerationCase: build.mutation<unknown, { caseId: string; note?: string }>({
      query: ({ caseId, note }) => ({ url: `/api/admin/moderation/cases/${encodeURIComponent(caseId)}/dismiss`, method: 'POST', body: note ? { note } : {} }),
      invalidatesTags: [{ type: 'ModerationCase', id: 'LIST' }, { type: 'ModerationLog', id: 'LIST' }],
    }),
    removeModerationCase: build.mutation<unknown, { caseId: string; reason: ReportReason; note?: string }>({
      query: ({ caseId, reason, note }) => ({ url: `/api/admin/moderation/cases/${encodeURIComponent(caseId)}/remove`, method: 'POST', body: note ? { reason, note } : { reason } }),
      invalidatesTags: [{ type: 'ModerationCase', id: 'LIST' }, { type: 'ModerationLog', id: 'LIST' }],
    }),
    banUser: build.mutation<unknown, { userId: string; reason: string; caseId?: string }>({
      query: ({ userId, reason, caseId }) => ({ url: `/api/admin/moderation/users/${encodeURIComponent(userId)}/ban`, method: 'POST', body: caseId ? { reason, caseId } : { reason } }),
      invalidatesTags: [{ type: 'ModerationCase', id: 'LIST' }, { type: 'ModerationBan', id: 'LIST' }, { type: 'ModerationLog', id: 'LIST' }],
    }),
    unbanUser: build.mutation<unknown, { userId: string }>({
      query: ({ userId }) => ({ url: `/api/admin/moderation/users/${encodeURIComponent(userId)}/unban`, method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'ModerationCase', id: 'LIST' }, { type: 'ModerationBan', id: 'LIST' }, { type: 'ModerationLog', id: 'LIST' }],
    }),
    getModerationBans: build.query<Page<BannedUser>, number>({
      query: (page) => `/api/admin/moderation/bans?page=${page}&pageSize=${MODERATION_PAGE_SIZE}`,
      providesTags: [{ type: 'ModerationBan', id: 'LIST' }],
    }),
    getModerationLog: build.query<Page<ModerationLogEntry>, number>({
      query: (page) => `/api/admin/moderation/log?page=${page}&pageSize=${MODERATION_PAGE_SIZE}`,
      providesTags: [{ type: 'ModerationLog', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetModerationCasesQuery,
  useDismissModerationCaseMutation,
  useRemoveModerationCaseMutation,
  useBanUserMutation,
  useUnbanUserMutation,
  useGetModerationBansQuery,
  useGetModerationLogQuery,
} = moderationApi;
