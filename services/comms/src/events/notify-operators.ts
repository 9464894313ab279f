import { ContactMessageReceived, eventStream } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import { notifyOperators } from '../use-cases/notify-operators.ts';
import type { CommsDeps } from '../use-cases/deps.ts';

/** The durable consumer name of the operator notices (one per service, shared by its instances). */
export const NOTIFY_CONSUMER = 'comms_notify_operators';

/** comms' event handlers: new contact messages are mailed to the operators. */
export function startCommsHandlers(deps: CommsDeps, nats: NatsHandle, opts: { backoffMs?: number[] } = {}) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('comms').name,
    durable: NOTIFY_CONSUMER,
    logger: deps.logger,
    handlers: [on(ContactMessageReceived, (event, ctx) => notifyOperators(deps, event.data.messageId, ctx.session))],
    ...(opts.backoffMs ? { backoffMs: opts.backoffMs } : {}),
  });
}
