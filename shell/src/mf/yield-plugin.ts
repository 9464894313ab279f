import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../next-task.ts';

/**
 * Module Federation runtime plugin of the shell's browser build: a remote's start-up in three tasks instead of one.
 * Without it, what follows the remote entry's load event runs in that event's task, as promise callbacks: the
 * container's init (negotiating the shared modules), fetching the exposed module, then running it (the remote's page
 * code) when its chunks were already here. On a phone that was one task of 50–150 ms (Lighthouse's TBT counts every
 * task past 50 ms). A task boundary after the init and one before the module runs split it; each costs a few ms.
 * Not on the server (the renderer), where nothing waits for a tap.
 */
export default function yieldPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'cp-remote-yield',
    async initContainer(args) {
      await nextTask();
      return args;
    },
    async beforeExecuteFactory() {
      await nextTask();
    },
  };
}
