export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__cpInfra;
  if (!running) return;
  await running.control.close();
  await running.infra.stop();
  globalThis.__cpInfra = undefined;
}
