/**
 * A small `kustomize build` for infra/k8s (no kustomize binary on these machines): resources (files and folders with a
 * kustomization.yaml), namespace, images, and patches — JSON6902 operations (add, replace, remove) on a target, or
 * strategic-merge patches of maps only. Anything else in a kustomization, or a list in a strategic-merge patch,
 * throws: the overlay must stay within what this builds exactly as kustomize does.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

const Kustomization = z
  .object({
    apiVersion: z.literal('kustomize.config.k8s.io/v1beta1'),
    kind: z.literal('Kustomization'),
    namespace: z.string().min(1).optional(),
    resources: z.array(z.string()).default([]),
    images: z.array(z.object({ name: z.string(), newName: z.string().optional(), newTag: z.string().optional(), digest: z.string().optional() }).strict()).default([]),
    patches: z
      .array(
        z
          .object({ path: z.string().optional(), patch: z.string().optional(), target: z.object({ kind: z.string(), name: z.string() }).strict().optional() })
          .strict()
          .refine((p) => Boolean(p.path) !== Boolean(p.patch), 'a patch has either path or patch'),
      )
      .default([]),
  })
  .strict();

const Operation = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: z.string(), value: z.unknown() }).strict(),
  z.object({ op: z.literal('replace'), path: z.string(), value: z.unknown() }).strict(),
  z.object({ op: z.literal('remove'), path: z.string() }).strict(),
]);

const K8sObjectSchema = z.object({ apiVersion: z.string(), kind: z.string(), metadata: z.object({ name: z.string() }).loose() }).loose();

/** Every document of a YAML file, as Kubernetes objects. */
export function readObjects(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => {
      if (d.errors.length) throw new Error(`${file}: ${d.errors[0]!.message}`);
      return d.toJS() as unknown;
    })
    .filter((o) => o !== null)
    .map((o) => K8sObjectSchema.parse(o) as K8sObject);
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function strategicMerge(target: Record<string, unknown>, patch: Record<string, unknown>, where: string): void {
  for (const [key, value] of Object.entries(patch)) {
    if (Array.isArray(value) || Array.isArray(target[key])) throw new Error(`${where}.${key}: lists in strategic-merge patches are not built here (use a JSON6902 patch)`);
    if (value === null) delete target[key];
    else if (isMap(value) && isMap(target[key])) strategicMerge(target[key], value, `${where}.${key}`);
    else target[key] = structuredClone(value);
  }
}

function applyOperation(object: K8sObject, op: z.infer<typeof Operation>): void {
  const keys = op.path.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop();
  if (last === undefined || op.path[0] !== '/') throw new Error(`bad JSON pointer ${op.path}`);
  let node: unknown = object;
  for (const k of keys) {
    node = Array.isArray(node) ? node[Number(k)] : isMap(node) ? node[k] : undefined;
    if (node === undefined) throw new Error(`${object.kind}/${object.metadata.name}: ${op.path} does not exist`);
  }
  if (Array.isArray(node)) {
    const i = last === '-' ? node.length : Number(last);
    if (!Number.isInteger(i) || i < 0 || i > node.length || (op.op !== 'add' && i >= node.length)) throw new Error(`${object.kind}/${object.metadata.name}: ${op.path} is out of range`);
    if (op.op === 'add') node.splice(i, 0, structuredClone(op.value));
    else if (op.op === 'replace') node[i] = structuredClone(op.value);
    else node.splice(i, 1);
  } else if (isMap(node)) {
    if (op.op !== 'add' && !(last in node)) throw new Error(`${object.kind}/${object.metadata.name}: ${op.path} does not exist`);
    if (op.op === 'remove') delete node[last];
    else node[last] = structuredClone(op.value);
  } else throw new Error(`${object.kind}/${object.metadata.name}: ${op.path} is inside a scalar`);
}

function only(objects: K8sObject[], kind: string, name: string, where: string): K8sObject {
  const found = objects.filter((o) => o.kind === kind && o.metadata.name === name);
  if (found.length !== 1) throw new Error(`${where}: ${found.length} objects ${kind}/${name} (one expected)`);
  return found[0]!;
}

/** A container image reference split as kustomize's images transformer matches it. */
function splitImage(image: string): { name: string; tag: string } {
  const at = image.indexOf('@');
  if (at >= 0) return { name: image.slice(0, at), tag: image.slice(at) };
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/') ? { name: image.slice(0, colon), tag: image.slice(colon) } : { name: image, tag: '' };
}

/** `kustomize build <dir>` for what infra/k8s uses. */
export function kustomizeBuild(dir: string): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${dir} has no kustomization.yaml`);
  const k = Kustomization.parse(readObjectsRaw(file));
  let objects: K8sObject[] = [];
  for (const r of k.resources) {
    const p = path.resolve(dir, r);
    objects.push(...(statSync(p).isDirectory() ? kustomizeBuild(p) : readObjects(p)));
  }
  objects = structuredClone(objects);
  for (const [i, p] of k.patches.entries()) {
    const where = `${file} patches[${i}]`;
    const docs = p.path ? parseAllDocuments(readFileSync(path.resolve(dir, p.path), 'utf8')).map((d) => d.toJS() as unknown) : parseAllDocuments(p.patch!).map((d) => d.toJS() as unknown);
    if (docs.length !== 1) throw new Error(`${where}: one patch per entry`);
    const doc = docs[0];
    if (Array.isArray(doc)) {
      if (!p.target) throw new Error(`${where}: a JSON6902 patch needs a target`);
      const target = only(objects, p.target.kind, p.target.name, where);
      for (const op of z.array(Operation).parse(doc)) applyOperation(target, op);
    } else {
      const patch = K8sObjectSchema.parse(doc) as K8sObject;
      if (p.target) throw new Error(`${where}: a strategic-merge patch names its target itself`);
      const target = only(objects, patch.kind, patch.metadata.name, where);
      const { apiVersion: _a, kind: _k, metadata, ...rest } = patch;
      const { name: _n, ...metaRest } = metadata;
      strategicMerge(target as Record<string, unknown>, { ...rest, ...(Object.keys(metaRest).length ? { metadata: metaRest } : {}) }, `${patch.kind}/${patch.metadata.name}`);
    }
  }
  for (const image of k.images) {
    for (const o of objects) {
      const pod = (o as { spec?: { template?: { spec?: { containers?: Array<{ image: string }>; initContainers?: Array<{ image: string }> } } } }).spec?.template?.spec;
      for (const c of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
        const { name, tag } = splitImage(c.image);
        if (name !== image.name) continue;
        c.image = `${image.newName ?? name}${image.digest ? `@${image.digest}` : image.newTag ? `:${image.newTag}` : tag}`;
      }
    }
  }
  if (k.namespace) for (const o of objects) if (o.kind !== 'Namespace') o.metadata.namespace = k.namespace;
  return objects;
}

function readObjectsRaw(file: string): unknown {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  if (docs.length !== 1) throw new Error(`${file}: one document expected`);
  return docs[0]!.toJS() as unknown;
}

/** Validates objects against the Kubernetes API schemas (kubernetes-models, in its own Node process: ESM only). */
export async function validateObjects(objects: unknown[]): Promise<Array<{ index: number; kind: string; name?: string; error: string }>> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [path.join(__dirname, 'k8s-validate.ts')], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  child.stdin.end(JSON.stringify(objects));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`k8s-validate.ts exited ${code}: ${err}`);
  return JSON.parse(out) as Array<{ index: number; kind: string; name?: string; error: string }>;
}
