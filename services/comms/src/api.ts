import {
  ContactMessageAnswerSchema,
  ContactMessageInsertSchema,
  MESSAGE_MAIL_UNSUBSCRIBE_PATH,
  MessageMailUnsubscribeSchema,
  MessageResponseSchema,
  NewsletterConfirmSchema,
  NewsletterLinkAnswerSchema,
  NewsletterSubscribeAnswerSchema,
  NewsletterSubscribeSchema,
  NewsletterUnsubscribeQuerySchema,
  NewsletterUnsubscribeSchema,
} from '@cp/contracts';
import { defineOperations, mailLinkToPage, readUnsubscribeRequest } from '@cp/service-kit';
import { confirmNewsletter } from './use-cases/confirm-newsletter.ts';
import type { CommsDeps } from './use-cases/deps.ts';
import { sendContactMessage } from './use-cases/send-contact-message.ts';
import { subscribeNewsletter } from './use-cases/subscribe-newsletter.ts';
import { unsubscribeNewsletter, unsubscribePageUrl } from './use-cases/unsubscribe-newsletter.ts';
import { messageMailUnsubscribePage, unsubscribeMessageMails } from './use-cases/message-notices.ts';

/** The List-Unsubscribe URL of every newsletter mail (POST: one-click, RFC 8058; GET: to the unsubscribe page). */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';


const ONE_CLICK = 'RFC 8058 one-click (form body `List-Unsubscribe=One-Click`, the token in the query) or the page\'s JSON `{ token }`; any other body is a 415.';

/**
 * The comms service's operations — the public calls of spec §7 (POST /api/contact, POST /api/newsletter/subscribe) and
 * the newsletter's links: confirm and unsubscribe — as its router, its OpenAPI document and the route test (service-kit
 * operations.ts). The newsletter sign-up asks the table's auth (identity's session check) who is signed in.
 */
export const commsApi = defineOperations<CommsDeps>({
  service: 'comms',
  title: 'Communications',
  description: 'The contact form (mailed to the operators), the newsletter (double opt-in, one-click unsubscribe) and the unsubscribe links of the unread-message mails.',
  operations: [
    {
      method: 'post', path: '/api/contact', id: 'sendContactMessage', summary: 'Send a message to the operators', auth: 'none',
      body: ContactMessageInsertSchema, responses: { 201: { description: 'Stored; it is mailed to the operators.', schema: ContactMessageAnswerSchema } }, errors: [400],
      handle: (ctx, deps) => sendContactMessage(deps, ctx.request.body),
    },
    {
      method: 'post', path: '/api/newsletter/subscribe', id: 'subscribeNewsletter', summary: 'Subscribe to the newsletter (a confirmation mail follows)', auth: 'optional',
      body: NewsletterSubscribeSchema, responses: { 202: { description: 'The same answer for every address.', schema: NewsletterSubscribeAnswerSchema } }, errors: [400],
      handle: (ctx, deps, auth) => subscribeNewsletter(deps, ctx.request.body, async () => (await auth.verify(ctx))?.id ?? null),
    },
    {
      method: 'post', path: '/api/newsletter/confirm', id: 'confirmNewsletter', summary: 'Confirm a subscription with the mailed token', auth: 'none',
      body: NewsletterConfirmSchema, responses: { 200: { description: 'Confirmed.', schema: NewsletterLinkAnswerSchema } }, errors: [400, 404],
      handle: (ctx, deps) => confirmNewsletter(deps, ctx.request.body),
    },
    {
      method: 'post', path: NEWSLETTER_UNSUBSCRIBE_PATH, id: 'unsubscribeNewsletter', summary: 'Unsubscribe from the newsletter', auth: 'none', description: ONE_CLICK,
      query: NewsletterUnsubscribeQuerySchema.partial(), body: NewsletterUnsubscribeSchema, bodyAlsoForm: true,
      responses: { 200: { description: 'Unsubscribed.', schema: NewsletterLinkAnswerSchema } }, errors: [400, 404, 415],
      handle: async (ctx, deps) => unsubscribeNewsletter(deps, await readUnsubscribeRequest(ctx)),
    },
    mailLinkToPage({ path: NEWSLETTER_UNSUBSCRIBE_PATH, id: 'newsletterUnsubscribePage', summary: 'The newsletter\'s unsubscribe link: to the page', auth: 'none', query: NewsletterUnsubscribeQuerySchema, page: (query, deps) => unsubscribePageUrl(deps, query) }),
    {
      // Unread-message mails (issue 23 §5): their one-click unsubscribe (RFC 8058: a form, the token in the query) or the
      // page's JSON; a GET (a client opening the List-Unsubscribe link) goes to the page.
      method: 'post', path: MESSAGE_MAIL_UNSUBSCRIBE_PATH, id: 'unsubscribeMessageMails', summary: 'Stop the unread-message mails', auth: 'none', description: ONE_CLICK,
      query: MessageMailUnsubscribeSchema.partial(), body: MessageMailUnsubscribeSchema, bodyAlsoForm: true,
      responses: { 200: { description: 'Stopped.', schema: MessageResponseSchema } }, errors: [400, 415],
      handle: async (ctx, deps) => unsubscribeMessageMails(deps, await readUnsubscribeRequest(ctx)),
    },
    // Any link goes to the page (which says so when its token is not one): no 400 here.
    mailLinkToPage({
      path: MESSAGE_MAIL_UNSUBSCRIBE_PATH, id: 'messageMailsUnsubscribePage', summary: 'The unread-message mail\'s unsubscribe link: to the page', auth: 'none',
      query: MessageMailUnsubscribeSchema.partial(), errors: [], page: (query, deps) => messageMailUnsubscribePage(deps, query.token),
    }),
  ],
});
