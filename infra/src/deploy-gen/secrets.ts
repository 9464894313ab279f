/**
 * The deployables' own Secrets and the MongoDB users behind them, generated with their manifests:
 * infra/k8s/deployables-secrets.example.yaml (SAMPLE values: what each Secret holds and how to make it) and the users of
 * infra/k8s/mongodb/replica-set.yaml (one per deployable that reads MONGO_URL, readWrite on its own database only).
 */
import { DeployGenError, envName, linksSecretName, mongoSecretName, natsSecretName, natsUser, PLATFORM_FILES, resolveSettings, type Model, type Unit } from './model.ts';
import { k8sOrder } from './k8s.ts';
import { natsUnits } from './nats.ts';
import { GENERATED_HEADER, indent, scalar } from './yaml-text.ts';

const MARKER = '#@users';

/** The deployables with a database of their own: those whose configuration reads MONGO_URL. */
export const mongoUnits = (model: Model): Unit[] => k8sOrder(model).filter((u) => resolveSettings(model, u, 'k8s').some((s) => s.name === 'MONGO_URL'));
const readsSetting = (model: Model, unit: Unit, setting: string) => resolveSettings(model, unit, 'k8s').some((s) => s.name === setting);

/** The sample of a link-signing key in the example files (never a usable key). */
const LINK_KEY_SAMPLE = 'SAMPLE-replace-with-32-random-bytes-base64url-0000';
/** The deployables that sign links (their configuration reads LINK_SIGNING_KEY), in their files' order. */
const linkSigners = (model: Model): Unit[] => k8sOrder(model).filter((u) => readsSetting(model, u, 'LINK_SIGNING_KEY'));

const LINK_KEYS_BEGIN = '# >>> deploy:gen: one line per deployable that signs links';
const LINK_KEYS_END = '# <<< deploy:gen';

/**
 * compose.env.example with its list of link-signing keys (`<NAME>_LINK_SIGNING_KEY`, which docker-compose.yml requires
 * of every deployable that signs links) written from the deployables: a new team's service that signs links gets its
 * line without editing the file. The rest of the file (the operators' other settings and their explanations) is kept.
 */
export function composeEnvExample(model: Model, current: string): string {
  const begin = current.indexOf(LINK_KEYS_BEGIN);
  const end = current.indexOf(LINK_KEYS_END, begin);
  if (begin < 0 || end < 0) throw new DeployGenError(`${PLATFORM_FILES.composeEnvExample}: the lines "${LINK_KEYS_BEGIN}" and "${LINK_KEYS_END}" must surround the link-signing keys`);
  const lines = linkSigners(model).map((u) => `${envName(u.name)}_LINK_SIGNING_KEY=${LINK_KEY_SAMPLE}`);
  return `${current.slice(0, begin)}${[LINK_KEYS_BEGIN, ...lines].join('\n')}\n${current.slice(end)}`;
}

/** infra/k8s/mongodb/replica-set.yaml: the platform's replica set with one user per deployable with a database. */
export function mongodbReplicaSet(model: Model): string {
  const template = model.platform.mongodbPlatform;
  if (!template.includes(`\n${MARKER}\n`)) throw new DeployGenError(`${PLATFORM_FILES.mongodbPlatform}: no "${MARKER}" line to write the users at`);
  const lines = template.split('\n');
  const body = lines.slice(lines.indexOf('#') + 1).join('\n');
  const users = mongoUnits(model).flatMap((u) => [
    `- name: ${scalar(u.name)}`,
    '  db: admin',
    `  passwordSecretRef: { name: ${mongoSecretName(u)}-password }`,
    '  roles:',
    `    - { name: readWrite, db: ${scalar(u.name)} }`,
    `  scramCredentialsSecretName: ${mongoSecretName(u)}-scram`,
    `  connectionStringSecretName: ${mongoSecretName(u)}`,
  ]);
  const header = [GENERATED_HEADER, `# (the platform's part: ${PLATFORM_FILES.mongodbPlatform}).`].join('\n');
  return `${header}\n${body.replace(`\n${MARKER}\n`, `\n${indent(4, users).join('\n')}\n`)}`;
}

const secretDoc = (name: string, data: Array<[string, string]>, note?: string) =>
  [...(note ? [`# ${note}`] : []), 'apiVersion: v1', 'kind: Secret', `metadata: { name: ${name} }`, 'type: Opaque', 'stringData:', ...data.map(([k, v]) => `  ${k}: ${scalar(v)}`)].join('\n');

/** infra/k8s/deployables-secrets.example.yaml: each deployable's own Secrets, with SAMPLE values. */
export function deployablesSecretsExample(model: Model): string {
  const docs: string[] = [];
  for (const u of natsUnits(model)) {
    const password = `SAMPLE-${u.name}-nats-password`;
    docs.push(secretDoc(natsSecretName(u), [['password', password], ['NATS_URL', `nats://${natsUser(u)}:${password}@nats:4222`]]));
  }
  for (const u of mongoUnits(model)) docs.push(secretDoc(`${mongoSecretName(u)}-password`, [['password', `SAMPLE-${u.name}-database-password`]]));
  for (const u of linkSigners(model)) {
    docs.push(secretDoc(linksSecretName(u), [['LINK_SIGNING_KEY', LINK_KEY_SAMPLE]], `${u.name}'s key for its signed links: changing it invalidates the links already mailed.`));
  }
  const hosts = [0, 1, 2].map((i) => `cp-mongo-${i}.cp-mongo-svc.central-pa.svc.cluster.local:27017`).join(',');
  for (const u of mongoUnits(model)) {
    docs.push(secretDoc(mongoSecretName(u), [['connectionString.standard', `mongodb://${u.name}:SAMPLE@${hosts}/admin?replicaSet=cp-mongo&ssl=false`]], 'Made by the MongoDB operator.'));
  }
  return [
    GENERATED_HEADER,
    "# Each deployable's own Secrets, with SAMPLE values: never apply this file as it is. Create each in the namespace:",
    '#   NATS user (infra/k8s/helm/nats-auth-values.yaml): a random password, the same in both keys (percent-encoded in',
    '#   NATS_URL when it has other characters than letters and digits), e.g.',
    '#     p="$(openssl rand -hex 24)"; kubectl -n central-pa create secret generic cp-nats-listings \\',
    '#       --from-literal=password="$p" --from-literal=NATS_URL="nats://listings:$p@nats:4222"',
    '#   MongoDB user (infra/k8s/mongodb/replica-set.yaml): its password, e.g.',
    '#     kubectl -n central-pa create secret generic cp-mongo-listings-password --from-literal=password="$(openssl rand -base64 32)"',
    '#   a link-signing key: 32+ random bytes, base64url, e.g.',
    "#     kubectl -n central-pa create secret generic cp-listings-links --from-literal=LINK_SIGNING_KEY=\"$(openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')\"",
    '# The MongoDB operator writes each user\'s connection string into cp-mongo-<name>; those are listed last, as the',
    '# operator makes them, for the test only (infra/test/k8s.test.ts loads each configuration with these values).',
    docs.join('\n---\n'),
  ].join('\n') + '\n';
}
