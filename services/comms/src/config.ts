import { z } from 'zod';
import { BaseServiceEnv, JwtVerifyEnv, loadWithPublicKey, manifestPort, port, requirePublicKey, SmtpEnv } from '@cp/service-kit';

/**
 * Reply notices: the replies to one post within this many seconds of the first go to its author in one mail
 * (default 15 minutes; from 1 s, for tests and demos, to a day).
 */
export const ReplyNoticeWindowS = z.coerce.number().int().min(1).max(86_400).default(900);

/**
 * Daily alert digests (issue 22 §3): a user's daily saved-search matches within this many seconds of the first go to
 * them in one mail (default a day; shorter for tests and demos).
 */
export const AlertDigestWindowS = z.coerce.number().int().min(1).max(7 * 86_400).default(86_400);

/**
 * Unread-message mails (issue 23 §5): a message still unread this many seconds after the first unread one of a
 * conversation mails its recipient once for the burst (default 10 minutes; from 1 s, for tests and demos, to a day).
 */
export const MessageNoticeDelayS = z.coerce.number().int().min(1).max(86_400).default(600);

export const CommsEnv = requirePublicKey(
  BaseServiceEnv.extend(SmtpEnv.shape)
    // Identity's sessions are verified (JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE): the newsletter sign-up tells the
    // signed-in owner of a subscribed address that it is subscribed, and nobody else.
    .extend(JwtVerifyEnv.shape)
    .extend({
      PORT: port(manifestPort(import.meta.url)),
      MONGO_DB: z.string().default('comms'),
      /** Where new contact messages are announced: the operators' inbox. Required everywhere, no default (none is made up). */
      CONTACT_INBOX: z.email(),
      /** Identity's internal address: where a post author's e-mail is asked for (reply notices), and sessions are checked. */
      IDENTITY_URL: z.url(),
      /** The site's public origin, for links in e-mails (never taken from a request). */
      PUBLIC_URL: z.url({ protocol: /^https?$/ }),
      REPLY_NOTICE_WINDOW_S: ReplyNoticeWindowS,
      ALERT_DIGEST_WINDOW_S: AlertDigestWindowS,
      MESSAGE_NOTICE_DELAY_S: MessageNoticeDelayS,
    }),
);
export type CommsConfig = z.infer<typeof CommsEnv> & { publicKey: string };

export const loadCommsConfig = (env: NodeJS.ProcessEnv = process.env): CommsConfig => loadWithPublicKey(CommsEnv, env);
