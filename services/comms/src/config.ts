import { z } from 'zod';
import { BaseServiceEnv, loadConfig, port, SmtpEnv } from '@cp/service-kit';

/** Names that never receive mail (RFC 2606, 6761): a development sample, never the operators' inbox in production. */
const UNDELIVERABLE_DOMAIN = /(^|\.)(local|localhost|test|example|invalid)$|(^|\.)example\.(com|net|org)$/i;

export const CommsEnv = BaseServiceEnv.extend(SmtpEnv.shape).extend({
  PORT: port(4006),
  MONGO_DB: z.string().default('comms'),
  /** Where new contact messages are announced: the operators' inbox. Required, no default; a real domain in production. */
  CONTACT_INBOX: z.email(),
  /** Identity's internal address: where a post author's e-mail is asked for (reply notices). */
  IDENTITY_URL: z.url(),
  /** The site's public origin, for links in e-mails (never taken from a request). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }),
}).refine((v) => v.NODE_ENV !== 'production' || !UNDELIVERABLE_DOMAIN.test(v.CONTACT_INBOX.split('@')[1] ?? ''), {
  message: 'must be a real inbox in production (this domain never receives mail)',
  path: ['CONTACT_INBOX'],
});
export type CommsConfig = z.infer<typeof CommsEnv>;

export const loadCommsConfig = (env: NodeJS.ProcessEnv = process.env): CommsConfig => loadConfig(CommsEnv, env);
