/**
 * Issue 35 §3: only holders of the platform's NATS credentials can register, each deployable only itself. In
 * Kubernetes every deployable that reads NATS_URL has its own NATS user, whose password the nats chart's servers take
 * from that deployable's Secret (`cp-nats-<name>`, key `password`) and whose NATS_URL (same Secret, key `NATS_URL`)
 * carries the same user and password. Its permissions:
 *   publish   the JetStream API, acknowledgements and flow control (streams, consumers, the registry bucket), its own
 *             events (`events.<name>.>`, its stream EVENTS_<NAME>), the platform events its manifest publishes (a
 *             notice for comms: `events.notices.mail-requested.>`), dead letters, and in the registry only its own
 *             keys (`$KV.cp_registry.service.<name>.>`, a remote `$KV.cp_registry.remote.<name>.>`); never the
 *             registry's purge or deletes, which would drop other deployables' registrations;
 *   subscribe replies (`_INBOX.>`: pulled messages, watches) and events (sessions revoked, e-mail verified).
 */
import { isPlatformEvent, REGISTRY_BUCKET } from '@cp/contracts';
import { envName, natsSecretName, natsUser, registrySubjects, resolveSettings, type Model, type Unit } from './model.ts';
import { k8sOrder } from './k8s.ts';
import { flowMap, GENERATED_HEADER, indent, scalar } from './yaml-text.ts';

export interface NatsPermissions {
  publish: { allow: string[]; deny: string[] };
  subscribe: { allow: string[] };
}

/** The deployables with a NATS user: those whose configuration reads NATS_URL. */
export const natsUnits = (model: Model): Unit[] => k8sOrder(model).filter((u) => u.settings.includes('NATS_URL'));

/** The registry's stream: what no deployable may purge, delete or delete messages of (the JetStream API otherwise allowed). */
const REGISTRY_STREAM = `KV_${REGISTRY_BUCKET}`;

export function natsPermissions(unit: Unit): NatsPermissions {
  const platform = (unit.service?.publishes ?? []).filter(isPlatformEvent).map((type) => `events.${type}.>`);
  const events = unit.kind === 'service' ? [`events.${unit.manifestName}.>`, ...platform, 'deadletter.>'] : [];
  return {
    publish: {
      allow: ['$JS.API.>', '$JS.ACK.>', '$JS.FC.>', ...events, ...registrySubjects(unit)],
      deny: [`$JS.API.STREAM.PURGE.${REGISTRY_STREAM}`, `$JS.API.STREAM.DELETE.${REGISTRY_STREAM}`, `$JS.API.STREAM.MSG.DELETE.${REGISTRY_STREAM}`],
    },
    subscribe: { allow: unit.kind === 'remote' ? ['_INBOX.>'] : ['_INBOX.>', 'events.>'] },
  };
}

/** The environment variable of the nats server's container holding a deployable's password. */
export const passwordVariable = (unit: Unit): string => `NATS_PASSWORD_${envName(unit.name)}`;

/**
 * infra/k8s/helm/nats-auth-values.yaml: the nats chart's values (merged over nats-values.yaml by helmfile) with the
 * users, their permissions, and each password from its Secret (the chart writes `<< $VAR >>` unquoted, so the server
 * reads the variable).
 */
export function natsAuthValues(model: Model): string {
  const units = natsUnits(model);
  for (const u of units) resolveSettings(model, u, 'k8s'); // fails here too when a setting has no value
  const users = units.flatMap((u) => {
    const p = natsPermissions(u);
    return [
      `- user: ${scalar(natsUser(u))}`,
      `  password: ${scalar(`<< $${passwordVariable(u)} >>`)}`,
      '  permissions:',
      '    publish:',
      `      allow: [${p.publish.allow.map((s) => scalar(s)).join(', ')}]`,
      `      deny: [${p.publish.deny.map((s) => scalar(s)).join(', ')}]`,
      '    subscribe:',
      `      allow: [${p.subscribe.allow.map((s) => scalar(s)).join(', ')}]`,
    ];
  });
  const env = units.flatMap((u) => [`${passwordVariable(u)}:`, '  valueFrom:', `    secretKeyRef: ${flowMap({ name: natsSecretName(u), key: 'password' })}`]);
  return [
    GENERATED_HEADER,
    '# One NATS user per deployable (issue 35 §3; infra/src/deploy-gen/nats.ts): helmfile merges these values over',
    '# nats-values.yaml. Each password comes from its deployable\'s Secret cp-nats-<name> (infra/k8s/deployables-secrets.example.yaml).',
    'config:',
    '  merge:',
    '    authorization:',
    '      users:',
    ...indent(8, users),
    'container:',
    '  env:',
    ...indent(4, env),
  ].join('\n') + '\n';
}
