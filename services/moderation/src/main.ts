import { identityUserDirectory, openReleases, startService, watchRegistry } from '@cp/service-kit';
import { liveVersions } from '@cp/contracts';
import { loadModerationConfig } from './config.ts';
import { buildModerationApp } from './app.ts';
import { httpContentOwners } from './data/content-owners.ts';
import { prometheusSource } from './data/prometheus.ts';

import { seedDemoReport } from './seed/seed.ts';

await startService({
  name: 'moderation',
  loadConfig: loadModerationConfig,
  async build({ config, logger, conn, nats, readiness, sessionAuth, onClose }) {
    const owners = httpContentOwners({ listings: config.LISTINGS_URL, forum: config.FORUM_URL, directory: config.DIRECTORY_URL, messages: config.MESSAGES_URL });
    const { app, deps } = await buildModerationApp({
      conn,
      logger,
      auth: sessionAuth(config),
      readiness,
      owners,
      users: identityUserDirectory(config.IDENTITY_URL, { unavailable: '503' }),
      config: { HIDE_THRESHOLD: config.HIDE_THRESHOLD },
      postingLimits: config.POSTING_LIMITS,
      releases: releasesOn(nats.nc, logger, onClose),
      ...(config.PROMETHEUS_URL ? { metrics: prometheusSource(config.PROMETHEUS_URL) } : {}),
    });
    if (config.SEED_DEMO_DATA) {
      // In the background: the demo listing is asked for at listings, which may start after this service.
      const seeding = seedDemoReport(deps);
      onClose(() => seeding.stop());
    }
    return app;
  },
});

/** The releases by percentage (issue 35 §4): the live remotes from the run-time registry, the releases' bucket. */
function releasesOn(nc: Parameters<typeof openReleases>[0], logger: Parameters<typeof watchRegistry>[0]['logger'], onClose: (close: () => Promise<void>) => void) {
  const registry = watchRegistry({ nc, logger });
  onClose(() => registry.stop());
  let bucket: ReturnType<typeof openReleases> | undefined;
  return {
    bucket: () => (bucket ??= openReleases(nc).catch((err: unknown) => {
      bucket = undefined;
      throw err;
    })),
    liveRemotes: () =>
      new Map(
        [...registry.table().remotes].map(([name, entry]) => [
          name,
          { versions: liveVersions(entry.instances).map((version) => ({ version, instances: entry.instances.filter((i) => i.version === version).length })) },
        ]),
      ),
  };
}
