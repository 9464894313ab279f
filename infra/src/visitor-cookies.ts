import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { VISITOR_COOKIE } from '@cp/contracts';
import { parseVisitorIdKeys, visitorIds } from '../../services/gateway/src/web/visitor-cookie.ts';
import { ensureVisitorIdKeys } from './keys.ts';

/**
 * A browser's visitor cookie as a local stack's gateway issues it (`cp_vid=<id, signed with the stack's
 * VISITOR_ID_KEYS>`; keys.ts): for tests and the chaos load that send many visitors' requests without loading a page
 * for each. `dataDir`: the stack's data folder. A new random id unless one is given.
 */
export function stackVisitorCookie(dataDir: string, id = randomBytes(16).toString('base64url')): string {
  const keys = parseVisitorIdKeys(ensureVisitorIdKeys(path.join(dataDir, 'keys')));
  if (!keys) throw new Error(`${dataDir}: the visitor id key is malformed`);
  return `${VISITOR_COOKIE}=${visitorIds(keys).sign(id)}`;
}
