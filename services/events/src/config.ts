import { z } from 'zod';
import { behindIdentityEnv, loadWithPublicKey, manifestPort, postingLimitsEnv, SignedLinksEnv } from '@cp/service-kit';
import { RSVP_POSTING } from './contracts.ts';

/** The events service's environment: behindIdentityEnv (sessions checked at identity; demo data switch) and its own. */
export const EventsEnv = behindIdentityEnv({ port: manifestPort(import.meta.url), db: 'events', demo: 'demo events' }).safeExtend({
  /** The site's address: the calendar files' URLs and UIDs, the reminder mails' links. Required, no default. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }),
  /** Signs the reminder mails' one-click unsubscribe links. Required, no default. */
  ...SignedLinksEnv.shape,
  /** Seconds between runs of the reminder job (under a lease: one replica at a time); 0 turns it off. */
  REMINDER_EVERY_S: z.coerce.number().int().min(0).max(86_400).default(600),
  /** The hour (America/New_York, 0-23) from which the day-before reminders go out: nobody is mailed at midnight. */
  REMINDER_FROM_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /** Overrides of the posting limits, the answers' (`event-answer`) included. */
  ...postingLimitsEnv([RSVP_POSTING]).shape,
});

export type EventsConfig = z.infer<typeof EventsEnv> & { publicKey: string };

export function loadEventsConfig(env: NodeJS.ProcessEnv = process.env): EventsConfig {
  return loadWithPublicKey(EventsEnv, env);
}
