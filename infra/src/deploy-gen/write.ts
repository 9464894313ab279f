/**
 * `npm run deploy:gen`: every file generated from the deployables' manifests, by path relative to the root, and
 * writing them (removing a generated file whose deployable is gone).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { composeFile } from './compose.ts';
import { k8sFile, k8sOrder, kustomization, productionImages } from './k8s.ts';
import { loadModel, PLATFORM_FILES, type Model } from './model.ts';
import { monitoringFiles } from './monitoring.ts';
import { natsAuthValues } from './nats.ts';
import { composeEnvExample, deployablesSecretsExample, mongodbReplicaSet } from './secrets.ts';
import { GENERATED_HEADER } from './yaml-text.ts';

export const K8S_BASE = 'infra/k8s/base';

/** Every generated file's content, by its path relative to the root. */
export function generatedFiles(model: Model, platformRoot = model.root): Map<string, string> {
  const files = new Map<string, string>();
  files.set('docker-compose.yml', composeFile(model));
  for (const unit of k8sOrder(model)) files.set(`${K8S_BASE}/${unit.name}.yaml`, k8sFile(model, unit));
  files.set(`${K8S_BASE}/kustomization.yaml`, kustomization(model));
  files.set('infra/k8s/overlays/production/images/kustomization.yaml', productionImages(model));
  files.set('infra/k8s/helm/nats-auth-values.yaml', natsAuthValues(model));
  files.set('infra/k8s/deployables-secrets.example.yaml', deployablesSecretsExample(model));
  files.set('infra/k8s/mongodb/replica-set.yaml', mongodbReplicaSet(model));
  files.set(PLATFORM_FILES.composeEnvExample, composeEnvExample(model, readFileSync(path.join(platformRoot, PLATFORM_FILES.composeEnvExample), 'utf8')));
  for (const [rel, content] of monitoringFiles(platformRoot)) files.set(rel, content);
  return files;
}

/** The deployables under `root` and their files (the platform's files read from `platformRoot`). */
export async function generate(root: string, platformRoot = root): Promise<Map<string, string>> {
  return generatedFiles(await loadModel(root, platformRoot), platformRoot);
}

/** Files in infra/k8s/base that a previous run generated (they start with the header) and this one did not. */
export function staleFiles(root: string, files: Map<string, string>): string[] {
  const dir = path.join(root, K8S_BASE);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => `${K8S_BASE}/${f}`)
    .filter((f) => !files.has(f) && readFileSync(path.join(root, f), 'utf8').startsWith(GENERATED_HEADER));
}

/** Writes `files` under `root` and removes the stale ones; answers the paths changed. */
export function writeFiles(root: string, files: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [rel, content] of files) {
    const file = path.join(root, rel);
    if (existsSync(file) && readFileSync(file, 'utf8') === content) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    changed.push(rel);
  }
  for (const rel of staleFiles(root, files)) {
    rmSync(path.join(root, rel));
    changed.push(`${rel} (removed)`);
  }
  return changed;
}
