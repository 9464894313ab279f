import { z } from 'zod';
import { BaseServiceEnv, loadConfig, port, SmtpEnv } from '@cp/service-kit';

export const CommsEnv = BaseServiceEnv.extend(SmtpEnv.shape).extend({
  PORT: port(4006),
  MONGO_DB: z.string().default('comms'),
  /** Where new contact messages are announced: the operators' inbox. */
  CONTACT_INBOX: z.email(),
});
export type CommsConfig = z.infer<typeof CommsEnv>;

export const loadCommsConfig = (env: NodeJS.ProcessEnv = process.env): CommsConfig => loadConfig(CommsEnv, env);
