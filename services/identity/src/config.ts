import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { BaseServiceEnv, bool, loadConfig, port, SmtpEnv } from '@cp/service-kit';

export const IdentityEnv = BaseServiceEnv.extend(SmtpEnv.shape).extend({
  PORT: port(4001),
  MONGO_DB: z.string().default('identity'),
  /** Public origin of the site, used to build links in e-mails (never taken from the request's Host header). */
  PUBLIC_URL: z.url(),
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  JWT_ISSUER: z.string().default('cp-identity'),
  JWT_AUDIENCE: z.string().default('cp-web'),
  /** Secure cookies (HTTPS only). Must be true in production. */
  COOKIE_SECURE: bool(false),
})
  .refine((v) => v.JWT_PRIVATE_KEY || v.JWT_PRIVATE_KEY_FILE, { message: 'JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE is required', path: ['JWT_PRIVATE_KEY'] })
  .refine((v) => v.JWT_PUBLIC_KEY || v.JWT_PUBLIC_KEY_FILE, { message: 'JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE is required', path: ['JWT_PUBLIC_KEY'] })
  .refine((v) => v.NODE_ENV !== 'production' || v.COOKIE_SECURE, { message: 'must be true in production', path: ['COOKIE_SECURE'] });

export type IdentityConfig = z.infer<typeof IdentityEnv> & { privateKey: string; publicKey: string };

function pem(inline: string | undefined, file: string | undefined): string {
  if (inline) return inline.replace(/\\n/g, '\n');
  if (file) return readFileSync(file, 'utf8');
  throw new Error('key not configured');
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const cfg = loadConfig(IdentityEnv, env);
  return { ...cfg, privateKey: pem(cfg.JWT_PRIVATE_KEY, cfg.JWT_PRIVATE_KEY_FILE), publicKey: pem(cfg.JWT_PUBLIC_KEY, cfg.JWT_PUBLIC_KEY_FILE) };
}
