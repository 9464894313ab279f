/**
 * What an operator sees of a fault (issue 36, "Done when"): the event pipeline read from the services' own Prometheus
 * metrics — the age of the oldest unpublished outbox event and the consumers' backlog — sampled during the chaos run,
 * per phase, and read once more after the settling, where both must be back to 0.
 *
 * Read exactly as Prometheus reads them: GET /metrics on each process's metrics port (the kit's metricsPortOf). The
 * outbox age is the largest any process reports; a consumer's backlog (not delivered + delivered and not acked) is its
 * durable's, which every replica of the service reports alike, so each consumer is counted once.
 */
import { metricsPortOf } from '@cp/service-kit';

export interface PipelineReading {
  /** The oldest pending outbox event's age (s), over every process that could read its outbox; undefined: none could. */
  outboxAgeS: number | undefined;
  /** Messages waiting for or held by the consumers, summed over the consumers; undefined: none could be read. */
  backlog: number | undefined;
}

export interface PhasePipeline {
  phase: string;
  samples: number;
  outboxAgeMaxS: number;
  backlogMax: number;
}

/** One sample line of the Prometheus text format: `name{a="x",b="y"} value`. */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of `names` in a Prometheus text exposition, with their labels. */
export function parseSamples(text: string, names: ReadonlySet<string>): Array<{ name: string; labels: Record<string, string>; value: number }> {
  const out: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m || !names.has(m[1]!)) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

const NAMES = new Set(['outbox_oldest_pending_age_seconds', 'nats_consumer_pending_messages', 'nats_consumer_ack_pending_messages']);

/** The pipeline as the metrics of these processes' origins (`http://127.0.0.1:4002`) show it now. */
export async function readPipeline(origins: readonly string[]): Promise<PipelineReading> {
  let outboxAgeS: number | undefined;
  const backlogOf = new Map<string, number>();
  await Promise.all(
    origins.map(async (origin) => {
      const url = new URL(origin);
      url.port = String(metricsPortOf({ PORT: Number(url.port) }));
      url.pathname = '/metrics';
      let text: string;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        if (!res.ok) return;
        text = await res.text();
      } catch {
        return; // a process that is down (the fault) or restarting
      }
      const perConsumer = new Map<string, number>();
      for (const s of parseSamples(text, NAMES)) {
        if (Number.isNaN(s.value)) continue; // what the process could not read (its MongoDB or NATS is away)
        if (s.name === 'outbox_oldest_pending_age_seconds') outboxAgeS = Math.max(outboxAgeS ?? 0, s.value);
        else {
          const key = `${s.labels.stream}/${s.labels.consumer}`;
          perConsumer.set(key, (perConsumer.get(key) ?? 0) + s.value);
        }
      }
      for (const [key, value] of perConsumer) backlogOf.set(key, Math.max(backlogOf.get(key) ?? 0, value));
    }),
  );
  return { outboxAgeS, backlog: backlogOf.size > 0 ? [...backlogOf.values()].reduce((a, b) => a + b, 0) : undefined };
}

/**
 * Samples the pipeline every `everyMs` until stopped, keeping the largest outbox age and backlog of each phase
 * (`phase()`: the run's current one). `origins()` is asked at each sample (replicas come back on new pids, same ports).
 */
export function samplePipeline(origins: () => readonly string[], phase: () => string, everyMs = 500): { stop(): Promise<PhasePipeline[]> } {
  const phases = new Map<string, PhasePipeline>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const current = phase();
      const r = await readPipeline(origins());
      const p = phases.get(current) ?? { phase: current, samples: 0, outboxAgeMaxS: 0, backlogMax: 0 };
      p.samples += 1;
      p.outboxAgeMaxS = Math.max(p.outboxAgeMaxS, r.outboxAgeS ?? 0);
      p.backlogMax = Math.max(p.backlogMax, r.backlog ?? 0);
      phases.set(current, p);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (Date.now() - started))));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return [...phases.values()];
    },
  };
}
