import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemotesController, type RemotesController } from './remotes.ts';
import { fetchRegistry } from './registry.ts';
import { releaseReports } from './release-beacon.ts';

/** The browser wiring of the remotes controller: the registry over fetch, the Module Federation runtime of the page. */
export function createBrowserRemotes(initiallyFailed: readonly string[] = []): RemotesController {
  return createRemotesController({
    initiallyFailed,
    readRegistry: async () => {
      const read = await fetchRegistry(fetch, undefined, window.location.origin);
      releaseReports.track(read.remotes);
      return read;
    },
    onLoaded: (name, ok) => releaseReports.loaded(name, ok),
    register: (remotes, options) => {
      if (!getInstance()) throw new Error('Module Federation runtime is not initialised');
      registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })), options);
    },
    load: (id) => loadRemote(id),
  });
}
