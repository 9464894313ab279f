import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import yieldPlugin from '../src/mf/yield-plugin.ts';

/**
 * The real Module Federation runtime with a remote whose entry is already here (a test plugin's loadEntry answers it):
 * in which task the container's init and the exposed module's factory run. Tasks are counted by a chain of
 * setTimeout(0); promise callbacks run within the task that started them.
 */
async function tasksOf(plugins: ModuleFederationRuntimePlugin[]): Promise<{ init: number; factory: number; module: unknown }> {
  let task = 0;
  let counting = true;
  const tick = () => {
    task += 1;
    if (counting) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  const seen = { init: -1, factory: -1 };
  const container = {
    init: () => {
      seen.init = task;
    },
    get: () => () => {
      seen.factory = task;
      return { routes: [] };
    },
  };
  const entry: ModuleFederationRuntimePlugin = { name: 'test-entry', loadEntry: () => container as never };
  // Names of their own: the runtime keeps loaded remotes across its instances.
  const id = Math.random().toString(36).slice(2, 8);
  const mf = createInstance({ name: `host_${id}`, remotes: [{ name: `mf_${id}`, entry: `http://localhost/mf/${id}/remoteEntry.js` }], plugins: [entry, ...plugins] });
  try {
    const module = await mf.loadRemote(`mf_${id}/routes`);
    return { ...seen, module };
  } finally {
    counting = false;
  }
}

test('without the plugin, a loaded remote is initialised and its module run in one task', async () => {
  const seen = await tasksOf([]);
  expect(seen.module).toEqual({ routes: [] });
  expect(seen.factory).toBe(seen.init);
});

test("with the shell's yield plugin, the module runs in a later task than the container's init", async () => {
  const seen = await tasksOf([yieldPlugin()]);
  expect(seen.module).toEqual({ routes: [] });
  expect(seen.factory).toBeGreaterThanOrEqual(seen.init + 2); // two boundaries: after the init, before the factory
});
