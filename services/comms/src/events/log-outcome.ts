import type { EventDefinition, EventEnvelope } from '@cp/contracts';
import { on, type EventHandler, type HandlerContext, type Logger } from '@cp/service-kit';
import type { z } from 'zod';

/** Outcomes in which a mail was meant but nobody could be mailed: an operator may want to see those. */
const MAILED_NOBODY: ReadonlySet<string> = new Set(['no-author', 'unknown-user', 'no-address']);

/**
 * A comms handler whose use case answers what became of the event ('sent', 'queued', 'duplicate', 'no-address' …):
 * every comms consumer logs that outcome the same way, here. One line per event: `what`, the outcome, the event's id
 * and the ids `fields` picks from its data (never an address or a text); at warn when nobody could be mailed, else
 * at `level` (info; debug for the events that only join a batch, whose mail the sender logs).
 */
export function onOutcome<D extends EventDefinition, O extends string>(
  def: D,
  deps: { logger: Logger },
  log: { what: string; fields: (data: z.output<D['data']>) => Record<string, unknown>; level?: 'info' | 'debug' },
  handle: (event: EventEnvelope<z.output<D['data']>>, ctx: HandlerContext) => Promise<O>,
): EventHandler<D> {
  return on(def, async (event, ctx) => {
    const outcome = await handle(event, ctx);
    const line = { ...log.fields(event.data), outcome, eventId: event.id };
    if (MAILED_NOBODY.has(outcome)) deps.logger.warn(line, `${log.what}: nobody to mail`);
    else deps.logger[log.level ?? 'info'](line, log.what);
  });
}
