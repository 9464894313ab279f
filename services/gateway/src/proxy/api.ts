import { defineServiceApi } from '@cp/contracts/openapi';
import { API_DOCS_PATH, API_DOCS_SCRIPT_PATH, OPENAPI_PATH } from './api-docs.ts';

/** What the gateway answers itself under /api (api-docs.ts), for the merged OpenAPI document and the route test. */
export const gatewayApi = defineServiceApi({
  service: 'gateway',
  title: 'Gateway',
  description: 'The one origin: it forwards each /api path to the service that owns it, rate-limits per address, refuses cross-site state changes, and serves this description.',
  operations: [
    {
      method: 'get', path: OPENAPI_PATH, id: 'openApiDocument', summary: 'This document (OpenAPI 3.1)', auth: 'none',
      responses: { 200: { description: 'The public API\'s OpenAPI 3.1 document.', content: { type: 'application/json', description: 'An OpenAPI 3.1 document.' } }, 304: { description: 'Not modified (If-None-Match).' } }, errors: [],
    },
    {
      method: 'get', path: API_DOCS_PATH, id: 'apiDocsPage', summary: 'The readable API reference (Redoc, served offline)', auth: 'none',
      responses: { 200: { description: 'An HTML page.', content: { type: 'text/html' } }, 304: { description: 'Not modified.' } }, errors: [404],
    },
    {
      method: 'get', path: API_DOCS_SCRIPT_PATH, id: 'apiDocsScript', summary: 'The docs page\'s script (Redoc\'s standalone bundle)', auth: 'none',
      responses: { 200: { description: 'JavaScript.', content: { type: 'application/javascript' } }, 304: { description: 'Not modified.' } }, errors: [404],
    },
  ],
});
