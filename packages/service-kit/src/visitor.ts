import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Connection } from 'mongoose';
import { isVisitorId, VISITOR_COOKIE, VISITOR_HEADER } from '@cp/contracts';
import { ensureCollection } from './mongo.ts';

/** What identifies a visitor in a request: the visitor id the gateway verified, address and User-Agent. */
export interface VisitorRequest {
  /** The visitor id of the request's signed `cp_vid` cookie, as the gateway passed it (VISITOR_HEADER); none: unsigned, forged or absent. */
  visitor: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/** The visitor of a request that came through the gateway: its verified visitor id (VISITOR_HEADER), address and browser. */
export function visitorRequest(ctx: Context): VisitorRequest {
  return { visitor: ctx.get(VISITOR_HEADER) || undefined, ip: ctx.ip, userAgent: ctx.get('user-agent') || undefined };
}

const hmac = (salt: string, text: string) => createHmac('sha256', salt).update(text).digest('base64url');

/**
 * Who a visitor is, for counting people rather than requests (ad impressions and clicks, forum views): `c:` and a
 * salted HMAC of the visitor id (the gateway's signed `cp_vid`, contracts' visitor.ts) when the gateway passed one,
 * otherwise `a:` and a salted HMAC of address and User-Agent. Nothing personal is stored, and with a salt per service
 * (`visitorSalt`) the keys of one service cannot be matched with another's. 45 characters.
 */
export function visitorKey(req: VisitorRequest, salt: string): string {
  const id = req.visitor;
  if (isVisitorId(id)) return `c:${hmac(salt, `${VISITOR_COOKIE}\n${id}`)}`;
  return `a:${hmac(salt, `${req.ip}\n${req.userAgent ?? ''}`)}`;
}

/**
 * The random salt of a service's visitor keys, kept in its own database (`collection`, document `id`): created by the
 * first replica to ask (an upsert: replicas starting together get the same one), the same for all after. It never
 * leaves the database, so a key cannot be recomputed from an address or a cookie elsewhere.
 */
export async function visitorSalt(conn: Connection, collection: string, id = 'viewer-salt'): Promise<string> {
  await ensureCollection(conn, collection);
  const doc = await conn
    .db!.collection<{ _id: string; value: string }>(collection)
    .findOneAndUpdate({ _id: id }, { $setOnInsert: { value: randomBytes(32).toString('base64url') } }, { upsert: true, returnDocument: 'after' });
  if (!doc) throw new Error(`visitor salt ${collection}/${id} not stored`);
  return doc.value;
}
