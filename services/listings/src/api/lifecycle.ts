import { ListingSchema, LinkTokenSchema, MarkDoneBodySchema, MessageResponseSchema, RenewLinkResultSchema } from '@cp/contracts';
import { mailLinkToPage, operations, signedIn, unsubscribeToken } from '@cp/service-kit';
import { z } from 'zod';
import { renewFromLink, renewOwnListing } from '../use-cases/renew-listing.ts';
import { markListingDone } from '../use-cases/mark-done.ts';
import { optOutOfReminders } from '../use-cases/reminder-opt-out.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

/** The reminder mail's List-Unsubscribe URL (POST: one-click, RFC 8058; GET: to the page). */
export const REMINDERS_UNSUBSCRIBE_PATH = '/api/listings/reminders/unsubscribe';
/** The pages of the signed links (mf-listings), no login. */
export const RENEW_PAGE_PATH = '/renew-listing';
export const REMINDERS_UNSUBSCRIBE_PAGE_PATH = '/reminders/unsubscribe';

/**
 * Issue 22 lifecycle operations. Listed before the listings' own (src/api.ts), so `/api/listings/reminders/…` is not
 * read as a listing id.
 */
export const lifecycleOperations = operations<ListingsDeps>([
  {
    method: 'post', path: '/api/listings/renew-link', id: 'renewFromLink', summary: 'Renew a listing from the reminder mail\'s signed link (no login)', auth: 'none',
    body: LinkTokenSchema, responses: { 200: { description: 'Renewed (or already renewed).', schema: RenewLinkResultSchema } }, errors: [400, 404, 410],
    handle: (ctx, deps) => renewFromLink(deps, LinkTokenSchema.parse(ctx.request.body ?? {}).token),
  },
  {
    method: 'post', path: REMINDERS_UNSUBSCRIBE_PATH, id: 'unsubscribeReminders', summary: 'Stop expiry reminder mails (one-click or the page)', auth: 'none',
    description: 'RFC 8058 one-click (form body `List-Unsubscribe=One-Click`, the token in the query) or the page\'s JSON `{ token }`.',
    query: LinkTokenSchema.partial(), body: LinkTokenSchema, bodyAlsoForm: true,
    responses: { 200: { description: 'Opted out.', schema: MessageResponseSchema } }, errors: [400, 413],
    handle: async (ctx, deps) => optOutOfReminders(deps, await unsubscribeToken(ctx)),
  },
  // A mail client without one-click opens the List-Unsubscribe URL: nothing changes, the browser goes to the page.
  mailLinkToPage({ path: REMINDERS_UNSUBSCRIBE_PATH, id: 'remindersUnsubscribePage', summary: 'The reminder mail\'s unsubscribe link: to the page', auth: 'none', page: REMINDERS_UNSUBSCRIBE_PAGE_PATH }),
  {
    method: 'post', path: '/api/listings/:id/renew', id: 'renewListing', summary: 'Renew one\'s own listing', auth: 'user', params: { id: z.string() },
    responses: { 200: { description: 'The renewed listing.', schema: ListingSchema } }, errors: [400, 403, 404, 409],
    handle: (ctx, deps) => renewOwnListing(deps, signedIn(ctx).id, ctx.params.id ?? ''),
  },
  {
    method: 'post', path: '/api/listings/:id/done', id: 'markListingDone', summary: 'Mark one\'s own listing sold, rented or done', auth: 'user', params: { id: z.string() },
    body: MarkDoneBodySchema, responses: { 200: { description: 'The listing.', schema: ListingSchema } }, errors: [400, 403, 404, 409],
    handle: (ctx, deps) => markListingDone(deps, signedIn(ctx).id, ctx.params.id ?? '', ctx.request.body),
  },
]);
