import '../zod-config.ts';
import { z } from 'zod';
import { ErrorResponseSchema } from '../common.ts';
import { POSTING_LIMIT_DEFAULTS } from '../moderation-values.ts';
import { createRouteMatcher, RATE_LIMIT_MESSAGES, routeRateLimit, type RateLimitClass, type RouteRule } from '../public-routes.ts';
import { SCHEMA_MODULES } from '../json-schema.ts';
import type { ApiAuth, ApiOperation, ApiResponse, ServiceApi } from './api-description.ts';

/**
 * OpenAPI 3.1 documents from the services' declarations (api-description.ts) and the contracts' zod schemas (zod 4's
 * `z.toJSONSchema`, draft 2020-12, the dialect of OpenAPI 3.1). Every exported `*Schema` of the contracts that an
 * operation uses, directly or inside another, is one named component (`ListingSchema` → `#/components/schemas/Listing`);
 * a request schema whose input form differs from its output form (defaults, coercions, transforms) is a component of
 * its own, `<Name>Input`. The session cookie is the security scheme; errors are the one `{ error }` body.
 */

type Json = Record<string, unknown>;
export type OpenApiDocument = Json;

const SESSION_COOKIE_NAME = 'cp_session';
const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };
const TARGET = 'draft-2020-12' as const;

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad request: the input does not match the contract (`issues` lists each field and its message), or a malformed body.',
  401: 'Not signed in, or the session ended (logout, password reset, ban): sign in again.',
  403: 'Signed in, but not allowed: an admin-only call, or someone else\'s item.',
  404: 'Not found (also an item the caller may not see, so its existence is not disclosed).',
  409: 'Conflict with the current state (a name taken, a review already given, a state that no longer allows it).',
  410: 'Gone: the item existed and was removed or expired.',
  413: 'The request body is too large.',
  415: 'Unsupported Content-Type.',
  429: 'Too many requests: a rate limit of the gateway (per address) or a posting limit of the account. `Retry-After` says when to try again.',
  502: 'The service behind the gateway failed or answered nothing usable.',
  503: 'The service behind the gateway is unavailable (down, or its circuit breaker is open); try again shortly.',
  504: 'The service behind the gateway did not answer in time.',
};

const RATE_LIMIT_TEXT: Record<RateLimitClass, string> = {
  auth: 'login and register attempts per address (gateway `RATE_LIMIT_AUTH`, default 20 a minute)',
  password: 'forgot/reset password per address (`RATE_LIMIT_PASSWORD`, default 10 a minute)',
  contact: 'contact form and newsletter sign-up per address (`RATE_LIMIT_CONTACT`, default 10 a minute)',
  upload: 'image uploads per address (`RATE_LIMIT_UPLOAD`, default 30 a minute)',
  adEvents: 'ad impressions and clicks per address (`RATE_LIMIT_AD_EVENTS`, default 300 a minute)',
};

const AUTH_TEXT: Record<ApiAuth, string> = {
  none: 'Public.',
  optional: 'Public; with a valid session cookie the answer may include the caller\'s own items that others do not see.',
  user: 'Signed in: the `cp_session` cookie (401 without it).',
  admin: 'Admins only: the `cp_session` cookie of an admin (401 signed out, 403 without the admin role).',
  internal: 'Service to service (`/internal/*`): never routed by the gateway, not part of the public API.',
};

/** `/api/listings/:id` → `/api/listings/{id}`; `/uploads/*key` → `/uploads/{key}`. */
export function openApiPath(routerPath: string): string {
  return routerPath.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');
}

/** The names of a router path's parameters. */
export function pathParamNames(routerPath: string): string[] {
  return [...routerPath.matchAll(/[:*]([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
}

/** Whether the gateway forwards this operation's path to its service (the public API), by the route table `routes`. */
export function isPublicOperation(service: string, op: ApiOperation, routes: readonly RouteRule[]): boolean {
  if (op.auth === 'internal') return false;
  if (service === 'gateway') return true;
  const sample = openApiPath(op.path).replace(/\{[^}]+\}/g, 'x');
  return createRouteMatcher(routes)(sample)?.service === service;
}

/**
 * The gateway's rate-limit class of an operation besides the global limit: the route table's (public-routes.ts
 * `limits`), the one place the gateway's limiter reads it from, so the documents cannot say otherwise.
 */
export function operationRateLimit(op: Pick<ApiOperation, 'auth' | 'method' | 'path'>, routes: readonly RouteRule[]): RateLimitClass | undefined {
  if (op.auth === 'internal') return undefined;
  const sample = openApiPath(op.path).replace(/\{[^}]+\}/g, 'x');
  return routeRateLimit(createRouteMatcher(routes)(sample), op.method, sample);
}

/** The formats of JSON Schema 2020-12; zod also names checks of its own (`starts_with`), which it states as a `pattern` too. */
const STANDARD_FORMATS = new Set(['date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex']);

function standardFormatsOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(standardFormatsOnly);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === 'format' && typeof v === 'string' && !STANDARD_FORMATS.has(v)))
      .map(([k, v]) => [k, standardFormatsOnly(v)]),
  );
}

/** Without `$schema` (the document's dialect is OpenAPI 3.1's), the `$id` zod gives a registry's schemas, and formats JSON Schema does not know. */
function strip(schema: Json): Json {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return standardFormatsOnly(rest) as Json;
}

/** Every named contracts schema (`ListingSchema` → `Listing`), once per schema object. */
function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const mod of Object.values(SCHEMA_MODULES)) {
    for (const [name, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
      if (name.endsWith('Schema') && value instanceof z.ZodType && !names.has(value)) names.set(value, name.slice(0, -'Schema'.length));
    }
  }
  return names;
}

function walkRefs(node: unknown, visit: (ref: string) => void): void {
  if (Array.isArray(node)) for (const n of node) walkRefs(n, visit);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') visit(v);
      else walkRefs(v, visit);
    }
  }
}

function renameRefs(node: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => renameRefs(n, rename));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? rename(v) : renameRefs(v, rename)]));
  }
  return node;
}

const COMPONENT = '#/components/schemas/';
const INPUT_MARK = '~in';

/**
 * Converts the schemas of a set of operations at once, so each named contracts schema becomes one component. Returns a
 * function giving each schema's JSON Schema (a `$ref` for a named one) and the components it needs.
 */
function schemaConverter(ops: readonly ApiOperation[]) {
  const names = namedSchemas();
  const requestSide = new Set<z.ZodType>();
  const responseSide = new Set<z.ZodType>();
  for (const op of ops) {
    if (op.body) requestSide.add(op.body);
    for (const r of Object.values(op.responses)) if (r.schema) responseSide.add(r.schema);
  }
  responseSide.add(ErrorResponseSchema);
  const convert = (io: 'input' | 'output', roots: Set<z.ZodType>) => {
    const registry = z.registry<{ id: string }>();
    for (const [schema, name] of names) registry.add(schema, { id: name });
    const anonymous = new Map<z.ZodType, string>();
    for (const root of roots) {
      if (names.has(root)) continue;
      const id = `__anonymous${anonymous.size}`;
      anonymous.set(root, id);
      registry.add(root, { id });
    }
    const mark = io === 'input' ? INPUT_MARK : '';
    const { schemas } = z.toJSONSchema(registry, { target: TARGET, io, unrepresentable: 'any', uri: (id) => `${COMPONENT}${id}${mark}` }) as { schemas: Record<string, Json> };
    return { schemas, anonymous };
  };
  const output = convert('output', responseSide);
  const input = convert('input', requestSide);

  // A request schema shares its output form's component when the two are the same all the way down.
  const same = new Set<string>();
  for (const [id, schema] of Object.entries(input.schemas)) {
    const normal = JSON.stringify(renameRefs(strip(schema), (ref) => ref.replace(INPUT_MARK, '')));
    if (output.schemas[id] && normal === JSON.stringify(strip(output.schemas[id]))) same.add(id);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of [...same]) {
      walkRefs(input.schemas[id], (ref) => {
        const target = ref.slice(COMPONENT.length).replace(INPUT_MARK, '');
        if (!same.has(target) && same.delete(id)) changed = true;
      });
    }
  }
  const inputName = (id: string) => (same.has(id) ? id : `${id}Input`);
  const fixInput = (node: unknown) => renameRefs(node, (ref) => `${COMPONENT}${inputName(ref.slice(COMPONENT.length).replace(INPUT_MARK, ''))}`);

  const components: Record<string, Json> = {};
  const need = (node: unknown) => {
    walkRefs(node, (ref) => {
      const name = ref.slice(COMPONENT.length);
      if (components[name]) return;
      const isInput = name.endsWith('Input') && !output.schemas[name] && input.schemas[name.slice(0, -'Input'.length)];
      const source = isInput ? (fixInput(strip(input.schemas[name.slice(0, -'Input'.length)] as Json)) as Json) : output.schemas[name] ? strip(output.schemas[name]) : undefined;
      if (!source) throw new Error(`no schema for ${ref}`);
      components[name] = source;
      need(source);
    });
    return node;
  };
  const inline = (side: typeof output, schema: z.ZodType, fix: (n: unknown) => unknown) => {
    const name = names.get(schema);
    if (name) return need(fix({ $ref: `${COMPONENT}${name}${side === input ? INPUT_MARK : ''}` })) as Json;
    const id = side.anonymous.get(schema);
    if (!id || !side.schemas[id]) throw new Error('schema not converted');
    return need(fix(strip(side.schemas[id]))) as Json;
  };
  return {
    response: (schema: z.ZodType) => inline(output, schema, (n) => n),
    request: (schema: z.ZodType) => inline(input, schema, fixInput),
    /** A schema standing alone (a parameter's), inlined whole. */
    alone: (schema: z.ZodType) => strip(z.toJSONSchema(schema, { target: TARGET, io: 'input', unrepresentable: 'any' }) as Json),
    components,
    need,
  };
}

function queryParameters(query: z.ZodType, alone: (s: z.ZodType) => Json): Json[] {
  const json = alone(query);
  const properties = (json.properties ?? {}) as Record<string, Json>;
  if (json.type !== 'object') throw new Error(`a query schema must be an object, got ${JSON.stringify(json).slice(0, 80)}`);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: 'query', required: required.has(name), ...(typeof description === 'string' ? { description } : {}), schema: rest };
  });
}

function responseObject(r: ApiResponse, convert: (s: z.ZodType) => Json): Json {
  const out: Json = { description: r.description };
  if (r.headers) out.headers = Object.fromEntries(Object.entries(r.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
  const described = r.content?.description ? { description: r.content.description } : {};
  if (r.schema) out.content = { 'application/json': { schema: convert(r.schema) } };
  else if (r.content) out.content = { [r.content.type]: { schema: r.content.type === 'application/json' ? { type: 'object', ...described } : { type: 'string', ...described } } };
  return out;
}

function describe(op: ApiOperation, publicDoc: boolean, routes: readonly RouteRule[]): string {
  const parts = [op.description ?? '', `**Auth:** ${AUTH_TEXT[op.auth]}`];
  const limits: string[] = [];
  if (publicDoc && op.auth !== 'internal') limits.push('the gateway\'s global limit per address (`RATE_LIMIT_GLOBAL`, default 600 requests a minute on `/api`)');
  const rateLimit = operationRateLimit(op, routes);
  if (rateLimit) {
    // The class's own 429 message, as the gateway answers it (public-routes.ts RATE_LIMIT_MESSAGES).
    const message = RATE_LIMIT_MESSAGES[rateLimit];
    limits.push(`${RATE_LIMIT_TEXT[rateLimit]}${message ? `, whose 429 says \`{ "error": "${message}" }\`` : ''}`);
  }
  if (op.postingLimit) {
    const [action, l] = typeof op.postingLimit === 'string' ? [op.postingLimit, POSTING_LIMIT_DEFAULTS[op.postingLimit]] : [op.postingLimit.action, op.postingLimit];
    limits.push(`the account's posting limit \`${action}\` (default ${l.limit} per ${l.windowHours} h, ${l.newAccountLimit} for an account younger than a day; service env \`POSTING_LIMITS\`)`);
  }
  if (limits.length > 0) parts.push(`**Rate limits:** ${limits.join('; ')}. Over a limit: 429 with \`Retry-After\`.`);
  return parts.filter((p) => p !== '').join('\n\n');
}

interface BuildInput {
  title: string;
  description: string;
  version: string;
  /** Service name → its operations (one service for a service's document, all for the gateway's). */
  apis: readonly ServiceApi[];
  /** The merged public document: only what the gateway routes, with its 429/502/503/504. */
  publicDoc: boolean;
  /** The public route table (the services' manifests' routes, `routeRules`): which operations are routed, their rate-limit classes. */
  routes: readonly RouteRule[];
}

function errorsOf(op: ApiOperation, publicDoc: boolean): number[] {
  const out = new Set(op.errors);
  if (op.auth === 'user') out.add(401);
  if (op.auth === 'admin') {
    out.add(401);
    out.add(403);
  }
  if (op.postingLimit || (publicDoc && op.auth !== 'internal')) out.add(429);
  if (publicDoc) for (const s of [502, 503, 504]) out.add(s);
  return [...out].sort((a, b) => a - b);
}

export function buildOpenApiDocument(input: BuildInput): OpenApiDocument {
  const ops = input.apis.flatMap((api) => api.operations.filter((op) => !input.publicDoc || isPublicOperation(api.service, op, input.routes)).map((op) => ({ api, op })));
  const convert = schemaConverter(ops.map((o) => o.op));
  const paths: Record<string, Record<string, Json>> = {};
  const usedErrors = new Set<number>();
  for (const { api, op } of ops) {
    const path = openApiPath(op.path);
    const parameters: Json[] = [];
    for (const name of pathParamNames(op.path)) {
      const schema = op.params?.[name];
      if (!schema) throw new Error(`${api.service} ${op.method} ${op.path}: no schema for the path parameter ${name}`);
      parameters.push({ name, in: 'path', required: true, schema: convert.alone(schema) });
    }
    if (op.query) parameters.push(...queryParameters(op.query, convert.alone));
    const responses: Json = {};
    for (const [status, r] of Object.entries(op.responses)) responses[status] = responseObject(r, convert.response);
    for (const status of errorsOf(op, input.publicDoc)) {
      usedErrors.add(status);
      responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
    }
    const operation: Json = {
      operationId: `${api.service}.${op.id}`,
      summary: op.summary,
      description: describe(op, input.publicDoc, input.routes),
      tags: [api.service],
      ...(parameters.length > 0 ? { parameters } : {}),
      responses,
    };
    if (op.body) {
      const schema = convert.request(op.body);
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema }, ...(op.bodyAlsoForm ? { 'application/x-www-form-urlencoded': { schema: { type: 'object', description: 'The one-click form of RFC 8058 (`List-Unsubscribe=One-Click`); the token is in the query.' } } } : {}) },
      };
    } else if (op.bodyContent) {
      operation.requestBody = { required: true, content: { [op.bodyContent.type]: { schema: { type: 'object', description: op.bodyContent.description } } } };
    }
    if (op.auth === 'user' || op.auth === 'admin') operation.security = [{ session: [] }];
    else if (op.auth === 'optional') operation.security = [{}, { session: [] }];
    else operation.security = [];
    (paths[path] ??= {})[op.method] = operation;
  }
  convert.need(ERROR_REF);
  const errorResponses: Json = {};
  for (const status of [...usedErrors].sort((a, b) => a - b)) {
    errorResponses[`Error${status}`] = {
      description: ERROR_TEXT[status] ?? `Error ${status}`,
      ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds until a new request may pass.', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: ERROR_REF } },
    };
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  const tags = input.apis.filter((api) => ops.some((o) => o.api === api)).map((api) => ({ name: api.service, description: api.description }));
  return {
    openapi: '3.1.0',
    info: {
      title: input.title,
      version: input.version,
      description: input.description,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: input.publicDoc ? 'The site\'s own origin (the gateway).' : 'The service itself (behind the gateway in production).' }],
    tags,
    paths: sortedPaths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description:
            'The session: an HttpOnly, SameSite=Lax cookie holding an ES256 JWT that identity sets on register and login (30 days with remember me, else for the browser session) and clears on logout. Every service verifies it and checks with identity that the session is still active, so logout, a password reset or a ban end it everywhere. State-changing requests from another site are refused by the gateway (Origin check).',
        },
      },
      responses: errorResponses,
      schemas: Object.fromEntries(Object.entries(convert.components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

/** A service's own document: all its operations, internal ones included. */
export function serviceDocument(api: ServiceApi, version: string, routes: readonly RouteRule[]): OpenApiDocument {
  return buildOpenApiDocument({ title: `${api.title} (${api.service} service)`, description: api.description, version, apis: [api], publicDoc: false, routes });
}

/** The public API behind the gateway: every routed operation of every service, nothing under /internal. */
export function publicDocument(apis: readonly ServiceApi[], version: string, routes: readonly RouteRule[]): OpenApiDocument {
  return buildOpenApiDocument({
    routes,
    title: 'Central PA Desi Community — public API',
    description:
      'Every call the site\'s own pages make, through the gateway (one origin). Generated from the zod contracts (`packages/contracts`) and each service\'s declaration (`services/<name>/src/api.ts`) by `npm run openapi`. Errors are JSON `{ error }` (400 adds `issues`). Sign in with `POST /api/local-login`; the session is the `cp_session` cookie.',
    version,
    apis,
    publicDoc: true,
  });
}
