/**
 * What each process of the local stack is given (`npm start`, `npm run dev`, the e2e suite, the bench, the chaos
 * suite): only the settings its own configuration schema reads, so a service that sends no mail is never handed the
 * SMTP settings and one that keeps nothing in MongoDB no MONGO_URL. The lists are the schemas' own keys (the schema
 * each service's main.ts loads), so they cannot drift from what a service reads.
 */
import { AdsEnv } from '../../services/ads/src/config.ts';
import { CommsEnv } from '../../services/comms/src/config.ts';
import { DirectoryEnv } from '../../services/directory/src/config.ts';
import { ForumEnv } from '../../services/forum/src/config.ts';
import { GatewayEnv } from '../../services/gateway/src/config.ts';
import { IdentityEnv } from '../../services/identity/src/config.ts';
import { ListingsEnv } from '../../services/listings/src/config.ts';
import { MessagesEnv } from '../../services/messages/src/config.ts';
import { ModerationEnv } from '../../services/moderation/src/config.ts';
import { RendererEnv } from '../../services/renderer/src/config.ts';
import { SearchEnv } from '../../services/search/src/config.ts';

const keysOf = (schema: { shape: Record<string, unknown> }): readonly string[] => Object.keys(schema.shape);

/** Each service's settings: the variables of its configuration schema, by service name. */
export const SERVICE_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  identity: keysOf(IdentityEnv),
  listings: keysOf(ListingsEnv),
  forum: keysOf(ForumEnv),
  directory: keysOf(DirectoryEnv),
  ads: keysOf(AdsEnv),
  comms: keysOf(CommsEnv),
  search: keysOf(SearchEnv),
  renderer: keysOf(RendererEnv),
  moderation: keysOf(ModerationEnv),
  messages: keysOf(MessagesEnv),
  gateway: keysOf(GatewayEnv),
};

/** A remote's own static server (services/gateway/src/static-main.ts, whose schema is these four). */
export const STATIC_SERVER_SETTINGS: readonly string[] = ['STATIC_DIR', 'PORT', 'HOST', 'LOG_LEVEL'];

/**
 * The environment of one process: the inherited environment without any other process's settings (PATH, HOME and
 * the like stay), then those of `given` (the infrastructure's, the stack's choices, a test's extras, in that order of
 * precedence) that `settings` names. NODE_ENV, the runtime's mode rather than a setting, goes to every process.
 * `others`: every setting any process of the stack reads (the infrastructure's variables among them).
 */
export function processEnv(settings: readonly string[], given: Record<string, string>, inherited: NodeJS.ProcessEnv, others: ReadonlySet<string>): Record<string, string> {
  const own = new Set([...settings, 'NODE_ENV']);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(inherited)) if (v !== undefined && (own.has(k) || !others.has(k))) env[k] = v;
  for (const [k, v] of Object.entries(given)) if (own.has(k)) env[k] = v;
  return env;
}

/** Every setting of every process, and the infrastructure's variables (`infraEnv`). */
export function allSettings(infraEnv: Record<string, string>): Set<string> {
  return new Set([...Object.values(SERVICE_SETTINGS).flat(), ...STATIC_SERVER_SETTINGS, ...Object.keys(infraEnv)]);
}
