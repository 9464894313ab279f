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

let pageView: string | undefined;

/**
 * This page load's id (32 hex digits, contracts' PAGE_VIEW_ID_PATTERN), made at the first impression and kept until the
 * page is loaded again: the ads service counts an impression once per visitor, ad and page view.
 */
export function pageViewId(): string {
  pageView ??= Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return pageView;
}

/**
 * Sends an impression (with this page view's id) or a click (spec §7: no payload, failures ignored). `keepalive` lets a
 * click's request finish while the browser opens the ad in a new tab or leaves the page.
 */
export function recordAdEvent(adId: string, kind: 'impression' | 'click'): void {
  const query = kind === 'impression' ? `?view=${pageViewId()}` : '';
  void fetch(`/api/advertisements/${encodeURIComponent(adId)}/${kind}${query}`, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}
