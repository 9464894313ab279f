import type Koa from 'koa';
import { appPostingLimits, createAuth, createSignedLinks, initStores, operationsApp, OptOutsRepository, type PostingLimitOverrides, type ServiceAppInput, type UserDirectory } from '@cp/service-kit';
import { z } from 'zod';
import { IdSchema } from '@cp/contracts';
import { eventsApi } from './api.ts';
import { RSVP_POSTING } from './contracts.ts';
import { INVALID_UNSUBSCRIBE_LINK, UNSUBSCRIBE_PATH } from './values.ts';
import { CalendarRepository } from './data/calendar-repository.ts';
import { OwnerBansRepository } from './data/owner-bans-repository.ts';
import { RsvpsRepository } from './data/rsvps-repository.ts';
import { SentNoticesRepository } from './data/sent-notices-repository.ts';
import type { EventsDeps, UnsubscribeData } from './use-cases/deps.ts';

export interface EventsAppInput extends ServiceAppInput {
  /** Identity's users (main: identityUserDirectory on IDENTITY_URL): the attendees' names. */
  users: UserDirectory;
  /** PUBLIC_URL: the site's address (links, calendar UIDs). */
  publicUrl: string;
  /** LINK_SIGNING_KEY: signs the notices' one-click unsubscribe links. */
  linkSigningKey: string;
  /** POSTING_LIMITS' overrides (the answers' limit among them). */
  postingLimits?: PostingLimitOverrides;
}

const UnsubscribeDataSchema: z.ZodType<UnsubscribeData> = z.object({ userId: IdSchema, topic: z.enum(['event-reminders', 'event-changes']) }).strict();

/** Builds the events service (repositories, use cases, routes) on given connections; used by main and by tests. */
export async function buildEventsApp(input: EventsAppInput): Promise<{ app: Koa; deps: EventsDeps }> {
  const deps: EventsDeps = {
    conn: input.conn,
    calendar: new CalendarRepository(input.conn),
    rsvps: new RsvpsRepository(input.conn),
    ownerBans: new OwnerBansRepository(input.conn),
    sentNotices: new SentNoticesRepository(input.conn),
    reminderOptOuts: new OptOutsRepository(input.conn, { model: 'ReminderOptOut', collection: 'reminder_opt_outs', at: 'optedOutAt' }),
    changeOptOuts: new OptOutsRepository(input.conn, { model: 'ChangeOptOut', collection: 'change_opt_outs', at: 'optedOutAt' }),
    unsubscribeLinks: createSignedLinks({ key: input.linkSigningKey, purpose: 'events-unsubscribe', schema: UnsubscribeDataSchema, invalid: INVALID_UNSUBSCRIBE_LINK }),
    users: input.users,
    limits: appPostingLimits(input, [RSVP_POSTING]),
    publicUrl: new URL(input.publicUrl).origin,
    logger: input.logger,
    now: input.now ?? (() => new Date()),
  };
  await initStores(input.conn, [deps.calendar, deps.rsvps, deps.ownerBans, deps.sentNotices, deps.reminderOptOuts, deps.changeOptOuts, deps.limits]);
  // The one-click unsubscribe takes RFC 8058's form body (`List-Unsubscribe=One-Click`), not JSON.
  const app = operationsApp(input, eventsApi, deps, createAuth(input.auth), { rawBodyPaths: [UNSUBSCRIBE_PATH] });
  return { app, deps };
}
