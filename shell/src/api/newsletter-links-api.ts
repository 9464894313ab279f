import type { NewsletterStatus } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/** The calls of the newsletter's link pages (/newsletter/confirm, /newsletter/unsubscribe): loaded with them, not on home. */
export const newsletterLinksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    confirmNewsletter: build.mutation<{ message: string; status: NewsletterStatus }, { token: string }>({
      query: (body) => ({ url: '/api/newsletter/confirm', method: 'POST', body }),
    }),
    unsubscribeNewsletter: build.mutation<{ message: string; status: NewsletterStatus }, { token: string }>({
      query: (body) => ({ url: '/api/newsletter/unsubscribe', method: 'POST', body }),
    }),
  }),
});

export const { useConfirmNewsletterMutation, useUnsubscribeNewsletterMutation } = newsletterLinksApi;
