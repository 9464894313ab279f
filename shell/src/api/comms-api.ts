import type { ContactMessageInsert } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/** The calls of the shell's own forms (spec §7): contact messages and the newsletter. */
export const commsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<unknown, ContactMessageInsert>({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
    }),
    subscribeNewsletter: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/api/newsletter/subscribe', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation, useSubscribeNewsletterMutation } = commsApi;
