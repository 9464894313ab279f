/** Stops what the global setup started: Chromium, the services, the remote's static server, the infrastructure. */
export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__cpE2E;
  globalThis.__cpE2E = undefined;
  await running?.stop();
}
