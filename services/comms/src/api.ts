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
import { defineServiceApi } from '@cp/contracts/openapi';

const ONE_CLICK = 'RFC 8058 one-click (form body `List-Unsubscribe=One-Click`, the token in the query) or the page\'s JSON `{ token }`; any other body is a 415.';

/** The comms service's operations (routes.ts), for the OpenAPI documents and the route test (scripts/openapi). */
export const commsApi = defineServiceApi({
  service: 'comms',
  title: 'Communications',
  description: 'The contact form (mailed to the operators), the newsletter (double opt-in, one-click unsubscribe) and the unsubscribe links of the unread-message mails.',
  operations: [
    {
      method: 'post', path: '/api/contact', id: 'sendContactMessage', summary: 'Send a message to the operators', auth: 'none',
      body: ContactMessageInsertSchema, responses: { 201: { description: 'Stored; it is mailed to the operators.', schema: ContactMessageAnswerSchema } }, errors: [400],
    },
    {
      method: 'post', path: '/api/newsletter/subscribe', id: 'subscribeNewsletter', summary: 'Subscribe to the newsletter (a confirmation mail follows)', auth: 'optional',
      body: NewsletterSubscribeSchema, responses: { 202: { description: 'The same answer for every address.', schema: NewsletterSubscribeAnswerSchema } }, errors: [400],
    },
    {
      method: 'post', path: '/api/newsletter/confirm', id: 'confirmNewsletter', summary: 'Confirm a subscription with the mailed token', auth: 'none',
      body: NewsletterConfirmSchema, responses: { 200: { description: 'Confirmed.', schema: NewsletterLinkAnswerSchema } }, errors: [400, 404],
    },
    {
      method: 'post', path: '/api/newsletter/unsubscribe', id: 'unsubscribeNewsletter', summary: 'Unsubscribe from the newsletter', auth: 'none', description: ONE_CLICK,
      query: NewsletterUnsubscribeQuerySchema.partial(), body: NewsletterUnsubscribeSchema, bodyAlsoForm: true,
      responses: { 200: { description: 'Unsubscribed.', schema: NewsletterLinkAnswerSchema } }, errors: [400, 404, 415],
    },
    {
      method: 'get', path: '/api/newsletter/unsubscribe', id: 'newsletterUnsubscribePage', summary: 'The newsletter\'s unsubscribe link: to the page', auth: 'none',
      query: NewsletterUnsubscribeQuerySchema, responses: { 303: { description: 'To the unsubscribe page, which asks before anything changes.', headers: { Location: 'The page.' } } }, errors: [400],
    },
    {
      method: 'post', path: MESSAGE_MAIL_UNSUBSCRIBE_PATH, id: 'unsubscribeMessageMails', summary: 'Stop the unread-message mails', auth: 'none', description: ONE_CLICK,
      query: MessageMailUnsubscribeSchema.partial(), body: MessageMailUnsubscribeSchema, bodyAlsoForm: true,
      responses: { 200: { description: 'Stopped.', schema: MessageResponseSchema } }, errors: [400, 415],
    },
    {
      method: 'get', path: MESSAGE_MAIL_UNSUBSCRIBE_PATH, id: 'messageMailsUnsubscribePage', summary: 'The unread-message mail\'s unsubscribe link: to the page', auth: 'none',
      query: MessageMailUnsubscribeSchema.partial(), responses: { 303: { description: 'To the unsubscribe page.', headers: { Location: 'The page.' } } }, errors: [],
    },
  ],
});
