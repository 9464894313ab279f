/**
 * Reading a deployable's manifest (issue 35 §1: `services/<name>/service.json`, `mf-<name>/remote.json`), checked by
 * contracts' schemas. A malformed manifest stops whoever reads it with a message naming the file and each bad field,
 * so an instance with a broken declaration never starts, and neither does a stack that would list it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { MANIFEST_FILES, RemoteManifestSchema, ServiceManifestSchema, type RemoteManifest, type ServiceManifest } from '@cp/contracts';

export class ManifestError extends Error {
  override name = 'ManifestError';
}

/** Parses one manifest file with `schema`; throws a ManifestError naming the file and every bad field. */
export function readManifestFile<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ManifestError(`${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`, { cause: err });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ManifestError(`${file}: is not JSON (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ManifestError(`${file}: invalid manifest\n${lines.join('\n')}`);
  }
  return parsed.data as z.infer<S>;
}

/** A service's manifest, from its folder (`services/<name>`). */
export function readServiceManifest(folder: string): ServiceManifest {
  return readManifestFile(path.join(folder, MANIFEST_FILES.service), ServiceManifestSchema);
}

/** A remote's manifest, from its folder (`mf-<name>`). */
export function readRemoteManifest(folder: string): RemoteManifest {
  return readManifestFile(path.join(folder, MANIFEST_FILES.remote), RemoteManifestSchema);
}

/**
 * The manifest of the service whose entry file is `entry` (a path or file: URL; default the running script): the
 * nearest `service.json` above it, or undefined when there is none (a script outside any service folder). A malformed
 * one throws.
 */
export function ownServiceManifest(entry: string = process.argv[1] ?? ''): { folder: string; manifest: ServiceManifest } | undefined {
  let dir = path.dirname(entry.startsWith('file:') ? fileURLToPath(entry) : path.resolve(entry));
  for (;;) {
    try {
      readFileSync(path.join(dir, MANIFEST_FILES.service));
      return { folder: dir, manifest: readServiceManifest(dir) };
    } catch (err) {
      if (err instanceof ManifestError) throw err;
    }
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * The platform's services, from their manifests: every `<servicesDir>/<name>/service.json` (the edge, the gateway,
 * included), by folder name. The gateway's configured route table and the renderer's page reads are made from them
 * (contracts' routeRules), so a prefix is declared once, in its service's folder. Throws a ManifestError for a
 * malformed manifest or one whose name is not its folder's.
 */
export function readServiceManifests(servicesDir: string): ServiceManifest[] {
  return readdirSync(servicesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(servicesDir, d.name, MANIFEST_FILES.service)))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const manifest = readServiceManifest(path.join(servicesDir, name));
      if (manifest.name !== name) throw new ManifestError(`${path.join(servicesDir, name, MANIFEST_FILES.service)}: name: must be its folder's name (${name}), not "${manifest.name}"`);
      return manifest;
    });
}

/**
 * The manifests of the platform the service whose module is `moduleUrl` belongs to: those beside its own folder
 * (`services/*`, which every service image holds: infra/docker/service.Dockerfile copies them all).
 */
export function platformManifests(moduleUrl: string): ServiceManifest[] {
  const own = ownServiceManifest(moduleUrl);
  if (!own) throw new ManifestError(`${moduleUrl}: not inside a service folder (no service.json above it)`);
  return readServiceManifests(path.dirname(own.folder));
}

/**
 * The port of the service whose module is `moduleUrl`, as its manifest declares it: the default of its PORT setting
 * (`port(manifestPort(import.meta.url))` in its config.ts), so the port is written once, in service.json.
 */
export function manifestPort(moduleUrl: string): number {
  const own = ownServiceManifest(moduleUrl);
  if (!own) throw new ManifestError(`${moduleUrl}: not inside a service folder (no service.json above it)`);
  return own.manifest.port;
}
