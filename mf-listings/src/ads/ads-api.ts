import { listItems, type Advertisement } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/** The ads visitors see (GET /api/advertisements: the server gives only active ads inside their dates). */
export const adsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getActiveAds: build.query<Advertisement[], void>({
      query: () => '/api/advertisements',
      transformResponse: (data: unknown) => listItems<Advertisement>(data),
      providesTags: [{ type: 'Advertisement', id: 'LIST' }],
    }),
  }),
});

export const { useGetActiveAdsQuery } = adsApi;

/**
 * Sends an impression or a click (spec §7: no payload, failures ignored). `keepalive` lets a click's request finish
 * while the browser opens the ad in a new tab or leaves the page.
 */
export function recordAdEvent(adId: string, kind: 'impression' | 'click'): void {
  void fetch(`/api/advertisements/${encodeURIComponent(adId)}/${kind}`, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}
