import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemotesController, type RemotesController } from './remotes.ts';
import { fetchRegistry } from './registry.ts';

/** The browser wiring of the remotes controller: the registry over fetch, the Module Federation runtime of the page. */
export function createBrowserRemotes(initiallyFailed: readonly string[] = []): RemotesController {
  return createRemotesController({
    initiallyFailed,
    readRegistry: () => fetchRegistry(fetch, undefined, window.location.origin),
    register: (remotes, options) => {
      if (!getInstance()) throw new Error('Module Federation runtime is not initialised');
      registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })), options);
    },
    load: (id) => loadRemote(id),
  });
}
