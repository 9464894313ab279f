import type { Connection } from 'mongoose';
import { DEAD_LETTER_STREAM, deadLetterSubject, type NatsHandle } from '../../src/index.ts';

/** Eight random letters: a test's own domain and durable names, so streams, subjects and consumers never collide. */
export const letters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** What the test handlers have added up under `id` in the file's Counter model (0 before the first). */
export const counted = async (conn: Connection, id: string) => (await conn.model('Counter').findById(id).lean<{ count: number }>())?.count ?? 0;

/** How many of a consumer's messages lie in the dead-letter stream. */
export async function deadLetterCount(nats: NatsHandle, stream: string, durable: string): Promise<number> {
  const dlq = deadLetterSubject(stream, durable);
  return ((await nats.jsm.streams.info(DEAD_LETTER_STREAM, { subjects_filter: dlq })).state.subjects as Record<string, number> | undefined)?.[dlq] ?? 0;
}
