import { badRequest } from '@cp/service-kit';
import { IdSchema, MESSAGES_MESSAGES } from '@cp/contracts';

/**
 * A page cursor: the position (a date and an id, the sort key of every list here) of the last item of a page,
 * base64url-encoded. Opaque to clients; a cursor that does not decode to a date and a uuid is a 400.
 */
export interface Position {
  at: Date;
  id: string;
}

export function encodeCursor(p: Position): string {
  return Buffer.from(`${p.at.getTime()}.${p.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const dot = text.indexOf('.');
  const ms = Number(text.slice(0, dot));
  const id = IdSchema.safeParse(text.slice(dot + 1));
  if (dot < 1 || !Number.isSafeInteger(ms) || ms < 0 || ms > 8.64e15 || !id.success) throw badRequest(MESSAGES_MESSAGES.badCursor);
  return { at: new Date(ms), id: id.data };
}
