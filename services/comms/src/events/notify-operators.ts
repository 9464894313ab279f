import { ContactMessageReceived } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { notifyOperators } from '../use-cases/notify-operators.ts';
import type { CommsDeps } from '../use-cases/deps.ts';

/** The durable consumer name of the operator notices (one per service, shared by its instances). */
export const NOTIFY_CONSUMER = 'comms_notify_operators';

/** comms.contact-message-received → the contact message is mailed to the operators' inbox (notifyOperators). */
export const notifyOperatorsConsumer = defineConsumer<CommsDeps>({
  source: 'comms',
  durable: NOTIFY_CONSUMER,
  handlers: (deps) => [on(ContactMessageReceived, (event, ctx) => notifyOperators(deps, event.data.messageId, ctx.session))],
});
