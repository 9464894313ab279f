/**
 * What each process of the local stack is given (`npm start`, `npm run dev`, the e2e suite, the bench, the chaos
 * suite): only the settings its own configuration schema reads, so a service that sends no mail is never handed the
 * SMTP settings and one that keeps nothing in MongoDB no MONGO_URL. The lists are the schemas' own keys — each
 * service's from the schema its manifest points at (catalogue.ts loadServiceSettings), the remotes' static servers'
 * from theirs — so they cannot drift from what a process reads.
 */
import { StaticServerEnv } from '../../services/gateway/src/static-config.ts';

/** A remote's own static server (services/gateway/src/static-main.ts): its schema's keys (NATS and the registry's among them, so it registers). */
export const STATIC_SERVER_SETTINGS: readonly string[] = Object.keys(StaticServerEnv.shape);

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

/** Every setting of every process (`serviceSettings`: each service's, by name), and the infrastructure's variables (`infraEnv`). */
export function allSettings(serviceSettings: Readonly<Record<string, readonly string[]>>, infraEnv: Record<string, string>): Set<string> {
  return new Set([...Object.values(serviceSettings).flat(), ...STATIC_SERVER_SETTINGS, ...Object.keys(infraEnv)]);
}
