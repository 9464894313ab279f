/**
 * What a remote's exposed module resolves to when it cannot be loaded (remote down, manifest or chunk missing, the
 * module threw while evaluating): an empty module marked as failed, so the shell shows a fallback in that remote's
 * area and the rest of the page works. Used by the `errorLoadRemote` runtime plugin and by the loader itself.
 */
export const FAILED = '__remoteLoadFailed';

export interface FailedModule {
  [FAILED]: string;
  routes?: [];
  widgets?: [];
}

export function fallbackModuleFor(id: string, error: unknown): FailedModule {
  const reason = error instanceof Error ? error.message : String(error);
  if (id.endsWith('/routes')) return { [FAILED]: reason, routes: [] };
  if (id.endsWith('/widgets')) return { [FAILED]: reason, widgets: [] };
  return { [FAILED]: reason };
}

export function failureOf(module: unknown): string | undefined {
  if (typeof module !== 'object' || module === null || !(FAILED in module)) return undefined;
  return String((module as FailedModule)[FAILED]);
}
