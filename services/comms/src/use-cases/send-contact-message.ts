import { ContactMessageInsertSchema, ContactMessageReceived } from '@cp/contracts';
import { runInTransaction } from '@cp/service-kit';
import type { CommsDeps } from './deps.ts';

/**
 * A visitor's message (spec §5 contact rules). Stored unread together with its event; the operators are mailed by
 * the event's handler, so a mail server that is down delays the notice but never loses the message.
 */
export async function sendContactMessage(deps: CommsDeps, body: unknown): Promise<{ id: string; message: string }> {
  const input = ContactMessageInsertSchema.parse(body);
  const subject = input.subject ? input.subject : undefined;
  const saved = await runInTransaction(deps.conn, async (session, emit) => {
    const doc = await deps.messages.create({ name: input.name, email: input.email.toLowerCase(), subject, message: input.message }, session);
    await emit(ContactMessageReceived, { messageId: doc._id, email: doc.email, subject: doc.subject ?? null });
    return doc;
  });
  return { id: saved._id, message: "Message sent! We'll get back to you within 24-48 hours." };
}
