import type { JetStreamClient } from '@nats-io/jetstream';
import { makeEvent, type EventDefinition, type EventEnvelope } from '@cp/contracts';
import type { z } from 'zod';
import { context } from '@opentelemetry/api';
import { withProducerSpan } from '../telemetry/trace.ts';

/**
 * Publishes an event that goes with no database change (a post viewed, an ad seen) straight to JetStream, and
 * resolves once the stream has stored it: no database write on the request path. The event id is the message id,
 * so a retried publish is stored once (JetStream's duplicate window). Changes of stored data use the outbox instead.
 */
export async function publishEvent<D extends EventDefinition>(js: JetStreamClient, def: D, data: z.input<D['data']>, timeoutMs = 2_000): Promise<EventEnvelope<z.output<D['data']>>> {
  const event = makeEvent(def, data);
  // In the active request's trace (a producer span), carried on in the message's headers when tracing is on.
  await withProducerSpan(def.subject, context.active(), { 'messaging.message.id': event.id }, async (carry) => {
    await js.publish(def.subject, JSON.stringify(event), { msgID: event.id, timeout: timeoutMs, ...carry });
  });
  return event;
}
