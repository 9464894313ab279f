import type { ContactMessageInsert } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/** The calls of the shell's own forms (spec §7): contact messages and the newsletter. */
export const commsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<unknown, ContactMessageInsert>({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
    }),
    /** 202 `{ message }` for every address (double opt-in); 409 only for the signed-in owner of a subscribed one. */
    subscribeNewsletter: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/api/newsletter/subscribe', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation, useSubscribeNewsletterMutation } = commsApi;
