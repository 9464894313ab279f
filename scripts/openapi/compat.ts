/**
 * What a new version of the public OpenAPI document takes away from the one before (issue 37: the document may only
 * grow). A client written against the old document must keep working against the new one, so these are refused:
 * - an operation gone, or one of its success statuses gone;
 * - a parameter gone, or a parameter (or a request body) a call did not have to send that it now must;
 * - a schema gone, a property gone from a schema, an enum value gone from one;
 * - in what a client sends (schemas reachable from a request body or a parameter), a property that becomes required.
 * Everything else is an addition: new operations, answers, optional parameters and properties, texts.
 */

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const REF = '#/components/schemas/';

/** The schema names a value refers to, directly or through the schemas it names (`$ref`s, followed once each). */
function reachable(value: unknown, schemas: Json, seen = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) reachable(v, schemas, seen);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value as Json)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith(REF)) {
        const name = v.slice(REF.length);
        if (!seen.has(name)) {
          seen.add(name);
          reachable(schemas[name], schemas, seen);
        }
      } else reachable(v, schemas, seen);
    }
  }
  return seen;
}

function operations(doc: Json): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const [path, item] of Object.entries(obj(doc.paths))) {
    for (const method of METHODS) if (obj(item)[method]) out.set(`${method.toUpperCase()} ${path}`, obj(obj(item)[method]));
  }
  return out;
}

const paramKey = (p: Json) => `${String(p.in)} ${String(p.name)}`;

/** Compares one schema's two versions, inline parts included (named schemas are compared by name, once). */
function compareSchema(before: Json, after: Json, where: string, sent: boolean, out: string[]): void {
  const beforeProps = obj(before.properties);
  const afterProps = obj(after.properties);
  for (const [name, schema] of Object.entries(beforeProps)) {
    if (!(name in afterProps)) out.push(`${where}: property ${name} is gone`);
    else compareSchema(obj(schema), obj(afterProps[name]), `${where}.${name}`, sent, out);
  }
  if (sent) {
    const required = new Set(arr(before.required).map(String));
    for (const name of arr(after.required).map(String)) if (!required.has(name)) out.push(`${where}: ${name} is now required of what clients send`);
  }
  const afterEnum = new Set(arr(after.enum).map((v) => JSON.stringify(v)));
  if (Array.isArray(after.enum)) for (const v of arr(before.enum)) if (!afterEnum.has(JSON.stringify(v))) out.push(`${where}: enum value ${JSON.stringify(v)} is gone`);
  if (before.items && after.items) compareSchema(obj(before.items), obj(after.items), `${where}[]`, sent, out);
}

/** The changes of `after` that break a client of `before` (empty: `after` only adds). */
export function breakingChanges(before: Json, after: Json): string[] {
  const out: string[] = [];
  const beforeOps = operations(before);
  const afterOps = operations(after);
  const beforeSchemas = obj(obj(before.components).schemas);
  const afterSchemas = obj(obj(after.components).schemas);
  for (const [key, op] of beforeOps) {
    const next = afterOps.get(key);
    if (!next) {
      out.push(`${key}: the operation is gone`);
      continue;
    }
    for (const status of Object.keys(obj(op.responses)).filter((s) => s.startsWith('2'))) {
      if (!(status in obj(next.responses))) out.push(`${key}: the ${status} answer is gone`);
    }
    const params = new Map(arr(op.parameters).map((p) => [paramKey(obj(p)), obj(p)]));
    for (const p of arr(next.parameters).map(obj)) {
      const old = params.get(paramKey(p));
      if (p.required === true && old?.required !== true) out.push(`${key}: parameter ${paramKey(p)} is now required`);
    }
    const nextParams = new Set(arr(next.parameters).map((p) => paramKey(obj(p))));
    for (const k of params.keys()) if (!nextParams.has(k)) out.push(`${key}: parameter ${k} is gone`);
    if (obj(next.requestBody).required === true && obj(op.requestBody).required !== true) out.push(`${key}: a request body is now required`);
  }
  // What clients send: the schemas a request body or a parameter of the new document reaches.
  const sent = reachable([...afterOps.values()].map((op) => [op.requestBody, op.parameters]), afterSchemas);
  for (const [name, schema] of Object.entries(beforeSchemas)) {
    if (!(name in afterSchemas)) out.push(`schema ${name} is gone`);
    else compareSchema(obj(schema), obj(afterSchemas[name]), `schema ${name}`, sent.has(name), out);
  }
  return out;
}
