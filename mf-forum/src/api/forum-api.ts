import { listItems, type ForumPost, type ForumPostInsert, type ForumReply, type ForumReplyInsert, type UploadResponse } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * The forum calls (spec §7), injected into the page's one API when this remote loads. The post list is fetched once
 * and shared by the forum page, the post page (which finds its post in it) and the home section.
 */
export const forumApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getForumPosts: build.query<ForumPost[], void>({
      query: () => '/api/forum/posts',
      transformResponse: (data: unknown) => listItems<ForumPost>(data),
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
