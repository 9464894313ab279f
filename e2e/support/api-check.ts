import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { repoRoot } from '../../infra/src/paths.ts';

/**
 * Checks real answers of the API against the public OpenAPI document the gateway serves (services/gateway/openapi.json,
 * issue 24 §1): the operation must be documented, the status one of its documented answers, and a JSON body must
 * match the documented schema (an error's the `{ error }` body) — with ajv (JSON Schema 2020-12, OpenAPI 3.1's
 * dialect), so what an integrator reads is what is checked, `additionalProperties: false` included. Every browser test
 * runs the pages' own GETs through it (support/browser.ts), and e2e/openapi.test.ts calls every public GET.
 */

interface OperationDoc {
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
}

const doc = JSON.parse(readFileSync(path.join(repoRoot(), 'services/gateway/openapi.json'), 'utf8')) as Document;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  op: OperationDoc;
}

const routes: Route[] = Object.entries(doc.paths).flatMap(([template, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(),
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{key\}$/, '.+').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    params: (template.match(/\{/g) ?? []).length,
    op,
  })),
);

/** The documented operation of a request (the most specific template: `/api/listings/renew-link` before `{id}`). */
export function documentedOperation(method: string, pathname: string): Route | undefined {
  return routes.filter((r) => r.method === method && r.pattern.test(pathname)).sort((a, b) => a.params - b.params)[0];
}

const validators = new Map<string, ValidateFunction>();
function validator(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (!v) {
    // Component references point into the document ("#/components/..."): resolve them against it.
    v = ajv.compile(JSON.parse(key.replaceAll('"#/components/', '"openapi#/components/')) as object);
    validators.set(key, v);
  }
  return v;
}

export interface ApiAnswer {
  method: string;
  /** The request's URL (absolute). */
  url: string;
  status: number;
  contentType: string | undefined;
  /** The body's text (JSON answers are parsed here). */
  body: string;
}

/** What does not match the document, or null. */
export function checkApiAnswer(answer: ApiAnswer): string | null {
  const { pathname } = new URL(answer.url);
  const where = `${answer.method} ${pathname} → ${answer.status}`;
  const route = documentedOperation(answer.method, pathname);
  if (!route) return `${where}: not in the OpenAPI document`;
  const documented = route.op.responses[String(answer.status)];
  if (!documented) return `${where}: status not documented for ${answer.method} ${route.template} (documented: ${Object.keys(route.op.responses).join(', ')})`;
  const response = documented.$ref ? doc.components.responses[documented.$ref.split('/').pop()!] : documented;
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) return null; // no JSON body documented (204, 304, a redirect, an image)
  if (!answer.contentType?.startsWith('application/json')) return `${where}: expected JSON, got ${answer.contentType ?? 'no Content-Type'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `${where}: the body is not JSON`;
  }
  const validate = validator(schema);
  if (validate(body)) return null;
  const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  return `${where}: the body does not match ${route.template}'s ${answer.status} schema: ${errors.join('; ')}`;
}
