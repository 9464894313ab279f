/**
 * npm run chaos — the chaos suite (issue 24 §3): a stack of its own with two replicas of every service under a steady
 * load of acknowledged writes (listing creations and edits, forum replies, reviews, ad clicks), and in turn: kill -9 of
 * a replica of each service, of the NATS server (restarted), of mongod (restarted) and of the listings process whose
 * outbox relay holds a batch. Then every write and every event is judged by id and the table printed:
 * fault | writes acknowledged | unacknowledged | hung | lost | duplicated | events lost | events doubled | recovery s.
 * Exit code 1 when anything acknowledged was lost or doubled, an event lost or doubled, a counter off, or a request hung.
 *
 * CHAOS_PORT_BASE (default 40000): the services' ports (4001 + base ..., the gateway 8080 + base); the servers take
 * free ports. CHAOS_QUIET_S (default 8): load before each fault and after its recovery. CHAOS_FAULTS: a comma list
 * (replica:<service>, nats, mongod, relay) instead of all. Data and logs: .data/chaos/ (wiped at each start).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../infra/src/paths.ts';
import { CHAOS_SERVICES } from './chaos/stack.ts';
import { runChaos, total, type Fault } from './chaos/run.ts';

const ALL: Fault[] = [...CHAOS_SERVICES.map((s) => `replica:${s}` as Fault), 'nats', 'mongod', 'relay'];
const faults = (process.env.CHAOS_FAULTS?.split(',').map((f) => f.trim()).filter(Boolean) as Fault[] | undefined) ?? ALL;
for (const f of faults) if (!ALL.includes(f)) throw new Error(`CHAOS_FAULTS: unknown fault "${f}" (${ALL.join(', ')})`);
const dataDir = path.join(repoRoot(), '.data', 'chaos');
rmSync(dataDir, { recursive: true, force: true });
const started = Date.now();
const result = await runChaos({
  dataDir,
  portOffset: Number(process.env.CHAOS_PORT_BASE ?? 40_000),
  replicas: Object.fromEntries(CHAOS_SERVICES.map((s) => [s, 2])),
  faults,
  quietMs: Number(process.env.CHAOS_QUIET_S ?? 8) * 1000,
  paceMs: 150,
  log: (l) => process.stdout.write(`[chaos] ${l}\n`),
});
const v = result.verdict;
process.stdout.write(`\n${result.table}\n`);
for (const p of v.phases) for (const f of p.findings.slice(0, 20)) process.stdout.write(`  ${p.phase}: ${f}\n`);
for (const n of result.notes) process.stdout.write(`note: ${n}\n`);
process.stdout.write(`\nchaos run: ${((Date.now() - started) / 1000).toFixed(0)} s; logs in ${path.join(dataDir, 'logs')}\n`);
const bad = total(v, 'lost') + total(v, 'duplicated') + total(v, 'eventsLost') + total(v, 'eventsDoubled') + total(v, 'hung') + v.counters.filter((c) => c.expected !== c.actual).length;
process.exit(bad > 0 || result.notes.length > 0 ? 1 : 0);
