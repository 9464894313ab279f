import { cursorPageOf, LIST_PAGE_SIZES, type Advertisement, type AdvertisementInsert, type Business, type BusinessInsert, type CursorPage } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * How many ads and businesses a page of the admin's tabs holds (then Load more): the endpoints' largest page, since an
 * admin works through the whole collection (issue 24 §2: every list is bounded and paged, however many items it has).
 */
export const ADMIN_ADS_PAGE_SIZE = LIST_PAGE_SIZES.advertisements.max;
export const ADMIN_BUSINESSES_PAGE_SIZE = LIST_PAGE_SIZES.businesses.max;

/** The query of a cursor page: its size, and the cursor of the page (none: the first). */
const pageQuery = (limit: number, cursor: string | undefined) => new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) }).toString();

type EndpointBuild = Parameters<Parameters<typeof baseApi.injectEndpoints>[0]['endpoints']>[0];

/**
 * The four admin endpoints of one collection: a cursor page of it (`list`), then create, update and delete under
 * `items`, all on the collection's LIST tag. The ads and the businesses are administered alike; only their paths, tag
 * and page size differ.
 */
function collection<Item, Insert>(
  build: EndpointBuild,
  { tag, list, items, pageSize }: { tag: 'Advertisement' | 'Business'; list: string; items: string; pageSize: number },
) {
  const tags = [{ type: tag, id: 'LIST' as const }];
  const item = (id: string) => `${items}/${encodeURIComponent(id)}`;
  return {
    list: build.query<CursorPage<Item>, { cursor?: string | undefined }>({
      query: ({ cursor }) => `${list}?${pageQuery(pageSize, cursor)}`,
      transformResponse: (data: unknown) => cursorPageOf<Item>(data),
      providesTags: tags,
    }),
    create: build.mutation<unknown, Insert>({ query: (body) => ({ url: items, method: 'POST', body }), invalidatesTags: tags }),
    update: build.mutation<unknown, { id: string; body: Insert }>({ query: ({ id, body }) => ({ url: item(id), method: 'PUT', body }), invalidatesTags: tags }),
    remove: build.mutation<unknown, string>({ query: (id) => ({ url: item(id), method: 'DELETE' }), invalidatesTags: tags }),
  };
}

/**
 * The admin calls (spec §7), injected into the page's one API when this remote loads. The lists come a cursor page at
 * a time (`{ items, nextCursor }`), each page cached under its cursor and tagged like the directory's and the ads'
 * lists, so a change made here refetches every page shown (and every list of the page that shows the same data).
 */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    /** GET /api/advertisements?limit=&cursor=: one page of every ad (an admin's), newest first; written at the same path. */
    const ads = collection<Advertisement, AdvertisementInsert>(build, {
      tag: 'Advertisement',
      list: '/api/advertisements',
      items: '/api/advertisements',
      pageSize: ADMIN_ADS_PAGE_SIZE,
    });
    /** GET /api/businesses?limit=&cursor=: one page of the businesses, premium first, then the newest; written under /api/admin. */
    const businesses = collection<Business, BusinessInsert>(build, {
      tag: 'Business',
      list: '/api/businesses',
      items: '/api/admin/businesses',
      pageSize: ADMIN_BUSINESSES_PAGE_SIZE,
    });
    return {
      getAdminAdvertisements: ads.list,
      createAdvertisement: ads.create,
      updateAdvertisement: ads.update,
      deleteAdvertisement: ads.remove,
      getAdminBusinesses: businesses.list,
      createBusiness: businesses.create,
      updateBusiness: businesses.update,
      deleteBusiness: businesses.remove,
    };
  },
});

export const {
  useGetAdminAdvertisementsQuery,
  useCreateAdvertisementMutation,
  useUpdateAdvertisementMutation,
  useDeleteAdvertisementMutation,
  useGetAdminBusinessesQuery,
  useCreateBusinessMutation,
  useUpdateBusinessMutation,
  useDeleteBusinessMutation,
} = adminApi;
