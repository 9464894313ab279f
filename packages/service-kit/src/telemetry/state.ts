/** What the tracing preload (register.ts) leaves for the rest of the kit: how to flush and end it. */
let shutdown: (() => Promise<void>) | undefined;

export function setTelemetryShutdown(fn: () => Promise<void>): void {
  shutdown = fn;
}

/** Exports the spans still waiting and stops tracing (a process's end); nothing when tracing is off. Bounded by `timeoutMs`. */
export async function flushTelemetry(timeoutMs = 2_000): Promise<void> {
  const fn = shutdown;
  shutdown = undefined;
  if (!fn) return;
  await Promise.race([fn().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
