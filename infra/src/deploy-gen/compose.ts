/**
 * docker-compose.yml: the platform's part (compose.platform.yaml, hand-written) with one container per deployable in
 * place of its marker line, each from its manifest and the settings its configuration schema reads.
 */
import { DeployGenError, edgeOf, imageOf, KEY_FILES, KEYS_DIR, PLATFORM_FILES, remotesOf, resolveSettings, resourcesOf, servicesOf, type Model, type Unit } from './model.ts';
import { comment, flowMap, GENERATED_HEADER, indent, scalar } from './yaml-text.ts';

const MARKER = '#@deployables';

/** Compose's CPU count from a Kubernetes quantity: `500m` → `0.5`, `2` → `2.0`. */
export function composeCpus(quantity: string): string {
  const n = quantity.endsWith('m') ? Number(quantity.slice(0, -1)) / 1000 : Number(quantity);
  return Number.isInteger(n) ? n.toFixed(1) : String(n);
}
/** Compose's memory from a Kubernetes quantity: `512Mi` → `512M`, `1Gi` → `1G`. */
export const composeMemory = (quantity: string): string => quantity.replace(/i$/, '');

type Condition = 'service_healthy' | 'service_completed_successfully';

/** What a container waits for: the platform's containers its settings reach, identity's sessions, and for the edge every deployable it fronts. */
function dependsOn(model: Model, unit: Unit, settings: string[]): Array<[string, Condition]> {
  const deps: Array<[string, Condition]> = [];
  const has = (s: string) => settings.includes(s);
  if (has('MONGO_URL')) deps.push(['mongo', 'service_healthy']);
  if (has('NATS_URL')) deps.push(['nats', 'service_healthy']);
  if (settings.some((s) => s in KEY_FILES)) deps.push(['keygen', 'service_completed_successfully']);
  if (has('S3_ENDPOINT')) deps.push(['minio', 'service_healthy']);
  if (has('SMTP_HOST')) deps.push(['mailpit', 'service_healthy']);
  // Sessions are checked at identity from the first request on; other calls are made at run time and retried.
  if (has('IDENTITY_URL') && unit.name !== 'identity' && unit.kind !== 'edge') deps.push(['identity', 'service_healthy']);
  if (unit.kind === 'edge') for (const u of [...servicesOf(model), ...remotesOf(model)]) deps.push([u.name, 'service_healthy']);
  return deps;
}

function container(model: Model, unit: Unit): string[] {
  const settings = resolveSettings(model, unit, 'compose');
  const env = settings.map((s) => {
    if (s.value.kind !== 'value') throw new DeployGenError(`${unit.folder}: ${s.name}: compose takes values only`);
    return `${s.name}: ${scalar(s.value.value)}`;
  });
  const image = imageOf(unit);
  const limits = resourcesOf(unit).limits;
  const lines = [
    `${unit.name}:`,
    ...indent(2, [
      ...comment(unit.description),
      '<<: *hardened',
      'build:',
      ...indent(2, ['context: .', `dockerfile: ${image.dockerfile}`, ...(image.target ? [`target: ${image.target}`] : []), ...(image.args ? [`args: ${flowMap(image.args)}`] : [])]),
    ]),
  ];
  const deps = dependsOn(model, unit, settings.map((s) => s.name));
  if (deps.length > 0) lines.push(...indent(2, ['depends_on:', ...indent(2, deps.map(([name, condition]) => `${name}: { condition: ${condition} }`))]));
  if (settings.some((s) => s.name in KEY_FILES)) lines.push(...indent(2, ['volumes:', `  - keys:${KEYS_DIR}:ro`]));
  lines.push(...indent(2, ['deploy:', '  resources:', `    limits: ${flowMap({ cpus: composeCpus(limits.cpu), memory: composeMemory(limits.memory) })}`]));
  lines.push(...indent(2, ['environment:', ...indent(2, env)]));
  // The edge is the one origin: the only published port.
  if (unit.kind === 'edge') lines.push(...indent(2, [`ports: ["${unit.port}:${unit.port}"]`]));
  return lines;
}

/** The whole docker-compose.yml. */
export function composeFile(model: Model): string {
  const template = model.platform.composePlatform;
  if (!template.includes(`\n${MARKER}\n`)) throw new DeployGenError(`${PLATFORM_FILES.composePlatform}: no "${MARKER}" line to write the deployables at`);
  // The template's own first paragraph says how it is used; the generated file says where it comes from instead.
  const lines = template.split('\n');
  const body = lines.slice(lines.indexOf('#') + 1).join('\n');
  const order = [edgeOf(model), ...servicesOf(model), ...remotesOf(model)];
  const deployables = order.map((u) => indent(2, container(model, u)).join('\n')).join('\n\n');
  const header = [GENERATED_HEADER, `# (the platform's part: ${PLATFORM_FILES.composePlatform}).`, '#'].join('\n');
  return `${header}\n${body.replace(`\n${MARKER}\n`, `\n${deployables}\n`)}`;
}
