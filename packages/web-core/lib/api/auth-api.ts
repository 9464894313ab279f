import type { PublicUser } from '@cp/contracts';
import { baseApi } from './base-api.ts';
import type { ApiError } from './base-query.ts';

/** The identity calls of spec §7 and the session rules of §4. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/auth/user: the current user, or null when not logged in (identity answers `null`; a 401 means the same). Fetched once at startup. */
    getCurrentUser: build.query<PublicUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/api/auth/user');
        if (result.error) {
          const error = result.error as ApiError;
          return error.status === 401 ? { data: null } : { error };
        }
        return { data: (result.data ?? null) as PublicUser | null };
      },
      providesTags: ['CurrentUser'],
    }),
    /** POST /api/logout: the current user is cleared whatever the outcome; a failure is logged, never shown (§8). */
    logout: build.mutation<null, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/logout', method: 'POST' });
        if (result.error) console.warn('logout failed; treated as logged out', (result.error as ApiError).message);
        dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
        return { data: null };
      },
    }),
  }),
});

export const { useGetCurrentUserQuery, useLogoutMutation } = authApi;
