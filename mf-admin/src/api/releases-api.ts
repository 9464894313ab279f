import { ADMIN_RELEASES_PATH, type Release, type ReleasesList } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

// The tab's own tag, added here rather than in web-core's list (which every page's first view carries).
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Release'] });

/**
 * The Releases tab's calls (issue 35 §4; moderation's admin API): the live remotes with their versions and releases,
 * and setting a release's percent. The list is read again every 15 s while the tab is open, so a rollback shows.
 */
export const releasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReleases: build.query<ReleasesList, void>({
      query: () => ADMIN_RELEASES_PATH,
      providesTags: [{ type: 'Release', id: 'LIST' }],
    }),
    setRelease: build.mutation<Release, { remote: string; version: string; percent: number }>({
      query: ({ remote, version, percent }) => ({ url: `${ADMIN_RELEASES_PATH}/${encodeURIComponent(remote)}`, method: 'POST', body: { version, percent } }),
      invalidatesTags: [{ type: 'Release', id: 'LIST' }],
    }),
  }),
});

export const { useGetReleasesQuery, useSetReleaseMutation } = releasesApi;
