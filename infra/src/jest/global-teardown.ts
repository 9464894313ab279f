export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__cpInfra;
  if (!running) return;
  running.control.closeAllConnections();
  await new Promise<void>((r) => running.control.close(() => r()));
  await running.infra.stop();
  globalThis.__cpInfra = undefined;
}
