import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fallbackModuleFor } from './fallback.ts';

/**
 * Module Federation runtime plugin of the shell: a remote that fails to load resolves to a fallback module instead of
 * rejecting, so one offline remote never breaks the page. Only the final `onLoad` stage answers: earlier stages
 * (manifest fetch, shared negotiation) rethrow and reach `onLoad` through the same loadRemote call.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'cp-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`Microfrontend ${id} failed to load; showing its fallback.`, error);
      return fallbackModuleFor(id, error);
    },
  };
}
