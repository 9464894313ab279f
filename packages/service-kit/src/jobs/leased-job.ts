import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKey } from '../errors.ts';
import { ensureCollection } from '../mongo.ts';
import { optional, storedSchema } from '../stored-schema.ts';

/** Who runs a job now: one document per job name, held until `until`. */
interface LeaseDoc {
  _id: string;
  holder: string;
  until: Date;
  /** When the holder last finished a run (for logs and operators). */
  lastRunAt?: Date;
}
const leaseSchema = storedSchema<LeaseDoc>('job_leases', { _id: String, holder: String, until: Date, lastRunAt: optional(Date) }, { strict: true });

function leaseModel(conn: Connection): Model<LeaseDoc> {
  return (conn.models.JobLease as Model<LeaseDoc> | undefined) ?? conn.model<LeaseDoc>('JobLease', leaseSchema);
}


export interface LeasedJobOptions {
  conn: Connection;
  /** The job's name: one lease per name across every replica of the service (same database). */
  name: string;
  /** Time between ticks. Each tick runs the job only on the replica holding (or taking) the lease. */
  everyMs: number;
  /** How long a lease holds without renewal: another replica takes over a dead holder's job after it. Default 3 × everyMs, at least 30 s. */
  leaseMs?: number;
  /**
   * One run of the job. It must be idempotent: a holder can die mid-run, and the next holder runs again over the same
   * work. `now` is the tick's time (the injected clock's).
   */
  run(now: Date): Promise<void>;
  logger: Logger;
  /** The clock (tests inject one). */
  now?: () => number;
  /** This replica's holder id (tests give two instances their own); a random id by default. */
  holder?: string;
  /** Run the first tick at once instead of one period after start. */
  runAtStart?: boolean;
}

export interface LeasedJob {
  /** One tick now: takes or renews the lease and runs the job if this replica holds it. Resolves whether it ran. */
  tick(): Promise<boolean>;
  /** Stops ticking, waits for a running tick and gives the lease up, so another replica takes over at once. */
  stop(): Promise<void>;
}

/**
 * Periodic work that runs on one replica at a time: a lease in MongoDB (`job_leases`, one document per job) is taken
 * with one conditional update — free, expired, or already ours — so of two replicas ticking together exactly one
 * runs; the other's update matches nothing and its upsert hits the unique `_id`. The holder renews the lease at every
 * tick and while a run lasts; a holder that dies stops renewing and another replica takes the job after `leaseMs`.
 * A run is never started twice at once in one process; a failed run is logged and the next tick tries again.
 */
export function startLeasedJob(opts: LeasedJobOptions): LeasedJob {
  const Lease = leaseModel(opts.conn);
  const now = opts.now ?? Date.now;
  const holder = opts.holder ?? randomUUID();
  const leaseMs = opts.leaseMs ?? Math.max(3 * opts.everyMs, 30_000);
  const logger = opts.logger.child({ component: 'leased-job', job: opts.name });

  /** Takes the lease if it is free, expired or ours; true when this replica holds it until now + leaseMs. */
  const acquire = async (): Promise<boolean> => {
    await ensureCollection(opts.conn, 'job_leases');
    const at = now();
    try {
      // The driver's own call: mongoose would cast the $or's conditions into the upserted document.
      const doc = await Lease.collection.findOneAndUpdate(
        { _id: opts.name, $or: [{ holder }, { until: { $lte: new Date(at) } }] } as never,
        { $set: { holder, until: new Date(at + leaseMs) } },
        { upsert: true, returnDocument: 'after' },
      );
      return doc?.holder === holder;
    } catch (err) {
      if (isDuplicateKey(err)) return false; // another replica holds a lease that has not expired
      throw err;
    }
  };

  let running: Promise<boolean> | undefined;
  const runTick = async (): Promise<boolean> => {
    if (!(await acquire())) return false;
    // Renew while a long run lasts, so no other replica starts the same job meanwhile.
    const renew = setInterval(() => {
      void Lease.updateOne({ _id: opts.name, holder }, { $set: { until: new Date(now() + leaseMs) } }).catch((err: unknown) => logger.warn({ err: String(err) }, 'lease renewal failed'));
    }, Math.max(1_000, Math.floor(leaseMs / 3)));
    renew.unref();
    try {
      await opts.run(new Date(now()));
      await Lease.updateOne({ _id: opts.name, holder }, { $set: { lastRunAt: new Date(now()) } });
      return true;
    } finally {
      clearInterval(renew);
    }
  };
  const tick = (): Promise<boolean> => {
    running ??= runTick()
      .catch((err: unknown) => {
        logger.warn({ err: String(err) }, 'job run failed; the next tick tries again');
        return false;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  let stopped = false;
  const timer = setInterval(() => void tick(), opts.everyMs);
  timer.unref();
  if (opts.runAtStart) void tick();
  return {
    tick: () => (stopped ? Promise.resolve(false) : tick()),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      // Give the lease up (only if still ours): another replica's next tick takes over without waiting for expiry.
      await Lease.updateOne({ _id: opts.name, holder }, { $set: { until: new Date(0) } }).catch(() => undefined);
    },
  };
}
