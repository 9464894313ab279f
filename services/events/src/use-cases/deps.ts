import type { Connection } from 'mongoose';
import type { Logger, OptOutsRepository, PostingLimits, SignedLinks, UserDirectory } from '@cp/service-kit';
import type { RSVP_POSTING } from '../contracts.ts';
import type { CalendarRepository } from '../data/calendar-repository.ts';
import type { OwnerBansRepository } from '../data/owner-bans-repository.ts';
import type { RsvpsRepository } from '../data/rsvps-repository.ts';
import type { SentNoticesRepository } from '../data/sent-notices-repository.ts';

/** What the unsubscribe link of a notice says: whose, and which topic it stops. */
export interface UnsubscribeData {
  userId: string;
  topic: 'event-reminders' | 'event-changes';
}

export interface EventsDeps {
  conn: Connection;
  calendar: CalendarRepository;
  rsvps: RsvpsRepository;
  /** Moderation's bans of organizers, as heard. */
  ownerBans: OwnerBansRepository;
  sentNotices: SentNoticesRepository;
  /** Users who stopped the day-before reminders, and those who stopped the change notices (the kit's opt-out lists). */
  reminderOptOuts: OptOutsRepository<'optedOutAt'>;
  changeOptOuts: OptOutsRepository<'optedOutAt'>;
  /** The signed one-click unsubscribe links of the notices (LINK_SIGNING_KEY). */
  unsubscribeLinks: SignedLinks<UnsubscribeData>;
  /** Identity's users: the attendees' names the organizer sees. */
  users: UserDirectory;
  /** The posting limits: the answers' (RSVP_POSTING). */
  limits: PostingLimits<(typeof RSVP_POSTING)['action']>;
  /** PUBLIC_URL's origin: links, UIDs. */
  publicUrl: string;
  logger: Logger;
  now: () => Date;
}
