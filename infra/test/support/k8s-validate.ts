/**
 * Validates Kubernetes objects against the API's OpenAPI schemas with kubernetes-models (ESM only, so it runs in its
 * own Node process; jest's CommonJS transform cannot load it). Reads a JSON array of objects on stdin and writes a
 * JSON array of problems: `{ index, kind, name, error }`, empty when every object is valid.
 *   node infra/test/support/k8s-validate.ts < objects.json
 */
import { text } from 'node:stream/consumers';

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

const groups: Record<string, Record<string, unknown>> = {
  v1: await import('kubernetes-models/v1'),
  'apps/v1': await import('kubernetes-models/apps/v1'),
  'autoscaling/v2': await import('kubernetes-models/autoscaling/v2'),
  'policy/v1': await import('kubernetes-models/policy/v1'),
  'networking.k8s.io/v1': await import('kubernetes-models/networking.k8s.io/v1'),
  // The custom resources of the Prometheus Operator and KEDA (their CRDs' schemas).
  'monitoring.coreos.com/v1': await import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'),
  'keda.sh/v1alpha1': await import('@kubernetes-models/keda/keda.sh/v1alpha1'),
};

const objects = JSON.parse(await text(process.stdin)) as Array<{ apiVersion?: string; kind?: string; metadata?: { name?: string } }>;
const problems = objects.flatMap((o, index) => {
  const Class = groups[o.apiVersion ?? '']?.[o.kind ?? ''] as ModelClass | undefined;
  const where = { index, kind: `${o.apiVersion}/${o.kind}`, name: o.metadata?.name };
  if (!Class) return [{ ...where, error: `no schema for this apiVersion and kind (k8s-validate.ts knows ${Object.keys(groups).join(', ')})` }];
  try {
    new Class(o).validate();
    return [];
  } catch (err) {
    return [{ ...where, error: String(err instanceof Error ? err.message : err) }];
  }
});
process.stdout.write(JSON.stringify(problems));
