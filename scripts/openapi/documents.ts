import { readFileSync } from 'node:fs';
import { publicDocument, serviceDocument, type OpenApiDocument, type ServiceApi } from '@cp/contracts/openapi';
import { adsApi } from '../../services/ads/src/api.ts';
import { commsApi } from '../../services/comms/src/api.ts';
import { directoryApi } from '../../services/directory/src/api.ts';
import { forumApi } from '../../services/forum/src/api.ts';
import { gatewayApi } from '../../services/gateway/src/proxy/api.ts';
import { identityApi } from '../../services/identity/src/api.ts';
import { listingsApi } from '../../services/listings/src/api.ts';
import { messagesApi } from '../../services/messages/src/api.ts';
import { moderationApi } from '../../services/moderation/src/api.ts';
import { rendererApi } from '../../services/renderer/src/api.ts';
import { searchApi } from '../../services/search/src/api.ts';

/** Every service's declaration (services/<name>/src/api.ts), and the gateway's own routes. */
export const SERVICE_APIS: readonly ServiceApi[] = [identityApi, listingsApi, forumApi, directoryApi, adsApi, commsApi, searchApi, rendererApi, moderationApi, messagesApi];
export const ALL_APIS: readonly ServiceApi[] = [...SERVICE_APIS, gatewayApi];

const ROOT = new URL('../../', import.meta.url);
const VERSION = (JSON.parse(readFileSync(new URL('packages/contracts/package.json', ROOT), 'utf8')) as { version: string }).version;

/** The committed documents (repository-relative path → document): one per service, and the gateway's merged one. */
export function buildDocuments(): Map<string, OpenApiDocument> {
  const out = new Map<string, OpenApiDocument>();
  for (const api of SERVICE_APIS) out.set(`services/${api.service}/openapi.json`, serviceDocument(api, VERSION));
  out.set('services/gateway/openapi.json', publicDocument(ALL_APIS, VERSION));
  return out;
}

export function serialize(doc: OpenApiDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export const repoFile = (path: string) => new URL(path, ROOT);
