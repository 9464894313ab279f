/**
 * A service's JetStream durable consumers (issue 36 §5: KEDA scales each consumer's service on its lag), read from
 * their one declaration in the code: the kit's `defineConsumer` / `defineBatchConsumer` exports of the modules in its
 * `src/events/` folder (where every service declares them, and whence its main.ts hands them to startService). Each
 * declaration gives the stream it reads (`EVENTS_<SOURCE>`) and its name; its JetStream durables are the kit's lanes
 * (`consumerLanes`: one per event it handles, `<durable>_<event>-v<n>` when it handles several). infra/test checks
 * that these are exactly the consumers each main.ts starts.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eventStream, type EventDefinition } from '@cp/contracts';
import { consumerLanes } from '@cp/service-kit';

/** One JetStream durable a service's replicas pull from: what a KEDA nats-jetstream trigger names. */
export interface ConsumerLane {
  /** The export that declares its consumer (`imageCleanupConsumer`). */
  declaredBy: string;
  /** The consumer's name (`listings-image-cleanup`): its processed records and dead letters. */
  consumer: string;
  /** The JetStream stream: `EVENTS_<SOURCE>`. */
  stream: string;
  /** The JetStream durable (the consumer's name, or one of its lanes). */
  durable: string;
}

/** The folder of a service's consumer declarations, relative to its own folder. */
export const CONSUMERS_FOLDER = 'src/events';

interface DeclaredLike {
  source: string;
  durable: string;
  start: unknown;
  events?: unknown;
  handlers?: unknown;
}

const isDeclared = (v: unknown): v is DeclaredLike => {
  const d = v as Partial<DeclaredLike> | null;
  return typeof d === 'object' && d !== null && typeof d.source === 'string' && typeof d.durable === 'string' && typeof d.start === 'function' && (Array.isArray(d.events) || typeof d.handlers === 'function');
};

/**
 * The events a declaration handles. A plain consumer's handlers are made from the service's dependencies; made here
 * with none (each handler only closes over them), only their event definitions are read.
 */
function eventsOf(d: DeclaredLike): EventDefinition[] {
  if (Array.isArray(d.events)) return d.events as EventDefinition[];
  const noDeps = new Proxy({}, { get: () => undefined });
  return (d.handlers as (deps: unknown) => Array<{ def: EventDefinition }>)(noDeps).map((h) => h.def);
}

/** Every durable consumer a service declares in `<serviceDir>/src/events/*.ts`, by lane, in file and export order. */
export async function declaredConsumers(serviceDir: string): Promise<ConsumerLane[]> {
  const dir = path.join(serviceDir, CONSUMERS_FOLDER);
  if (!existsSync(dir)) return [];
  const out: ConsumerLane[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).sort()) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (!isDeclared(value)) continue;
      const stream = eventStream(value.source).name;
      for (const lane of consumerLanes(value.durable, eventsOf(value))) out.push({ declaredBy: name, consumer: value.durable, stream, durable: lane.name });
    }
  }
  return out;
}
