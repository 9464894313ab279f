import type { Context } from 'koa';

/** What a request's visitor cookie says when its signature holds (web/visitor-cookie.ts). */
export interface VerifiedVisitor {
  /** The visitor id (contracts' VISITOR_ID_PATTERN). */
  id: string;
  /** Signed with an older key: the page answer signs it again with the current one (the same id). */
  stale: boolean;
}

/** Keeps the request's verified visitor for everything after the cookie's check. */
export function setVisitor(ctx: Context, visitor: VerifiedVisitor): void {
  ctx.state.visitor = visitor;
}

/** The visitor id of the request, when its cookie's signature held; undefined for no cookie, a made-up or altered one. */
export function visitorOf(ctx: Context): string | undefined {
  return (ctx.state.visitor as VerifiedVisitor | undefined)?.id;
}
