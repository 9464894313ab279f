import { cursorPageOf, LIST_PAGE_SIZES, listItems, type CursorPage, type ForumCategory, type ForumPost, type ForumPostInsert, type ForumReply, type ForumReplyInsert, type UploadResponse } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/** A page of the post list: the category (none: all), the cursor of the page (none: the first). */
export interface ForumPostsPageArgs {
  category?: ForumCategory | undefined;
  cursor?: string | undefined;
}

/** How many posts a page of the forum shows (then Load more). */
export const FORUM_PAGE_SIZE = LIST_PAGE_SIZES.forumPosts.default;

/** GET /api/forum/posts as a cursor page (issue 24 §2: the forum pages from the server, 10,000 posts or 10). */
export const forumPostsPath = ({ category, cursor }: ForumPostsPageArgs): string =>
  `/api/forum/posts?${new URLSearchParams({ limit: String(FORUM_PAGE_SIZE), ...(category ? { category } : {}), ...(cursor ? { cursor } : {}) }).toString()}`;

/**
 * The forum calls (spec §7), injected into the page's one API when this remote loads. The post list comes a page at a
 * time (newest first); its first page is shared by the forum page, the post page (which finds its post in it, else
 * asks for the post) and the home section.
 */
export const forumApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getForumPosts: build.query<CursorPage<ForumPost>, ForumPostsPageArgs>({
      query: forumPostsPath,
      transformResponse: (data: unknown) => cursorPageOf<ForumPost>(data),
      providesTags: [{ type: 'ForumPost', id: 'LIST' }],
    }),
    /** GET /api/forum/posts/:id: one post; asking for it is what counts a view. */
    viewForumPost: build.query<ForumPost, string>({
      query: (postId) => `/api/forum/posts/${encodeURIComponent(postId)}`,
    }),
    getForumReplies: build.query<ForumReply[], string>({
      query: (postId) => `/api/forum/posts/${encodeURIComponent(postId)}/replies`,
      transformResponse: (data: unknown) => listItems<ForumReply>(data),
      providesTags: (_result, _error, postId) => [{ type: 'ForumReply', id: postId }],
    }),
    /** The post's picture through the site's upload pipeline (POST /api/upload, spec §7): answers `{ url }`. */
    uploadPostImage: build.mutation<UploadResponse, File>({
      query: (file) => {
        const form = new FormData();
        form.append('images', file, file.name);
        return { url: '/api/upload', method: 'POST', body: form };
      },
    }),
    createForumPost: build.mutation<unknown, ForumPostInsert>({
      query: (body) => ({ url: '/api/forum/posts', method: 'POST', body }),
      invalidatesTags: [{ type: 'ForumPost', id: 'LIST' }],
    }),
    createForumReply: build.mutation<unknown, { postId: string; body: ForumReplyInsert }>({
      query: ({ postId, body }) => ({ url: `/api/forum/posts/${encodeURIComponent(postId)}/replies`, method: 'POST', body }),
      // The replies and the post's reply count.
      invalidatesTags: (_result, _error, { postId }) => [{ type: 'ForumReply', id: postId }, { type: 'ForumPost', id: 'LIST' }],
    }),
  }),
});

export const { useGetForumPostsQuery, useViewForumPostQuery, useGetForumRepliesQuery, useCreateForumPostMutation, useCreateForumReplyMutation, useUploadPostImageMutation } = forumApi;
