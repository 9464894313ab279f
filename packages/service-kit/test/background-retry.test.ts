import { createLogger, HttpError, retryInBackground, type Logger } from '../src/index.ts';

// The retry loop of the demo seeds that wait for another service's data (messages, moderation).
function recordingLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const logger = createLogger('background-retry-test', 'silent');
  logger.warn = ((obj: unknown, msg?: string) => void warnings.push(msg ?? String(obj))) as Logger['warn'];
  return { logger, warnings };
}

const opts = (logger: Logger) => ({
  retryMs: 5,
  attempts: 4,
  logger,
  failed: 'seed failed',
  expected: (err: unknown) => err instanceof HttpError && err.status === 503,
  gaveUp: 'seed gave up',
});

it('tries again while the attempt answers null or throws, and settles with its first answer', async () => {
  const { logger, warnings } = recordingLogger();
  const answers: Array<() => Promise<string | null>> = [async () => null, async () => Promise.reject(new HttpError(503, 'down')), async () => Promise.reject(new Error('boom')), async () => 'seeded'];
  let calls = 0;
  const run = retryInBackground(() => answers[calls++]!(), opts(logger));
  expect(await run.done).toBe('seeded');
  expect(calls).toBe(4);
  expect(warnings).toEqual(['seed failed; trying again']); // the expected 503 is not logged
});

it('gives up after the last attempt, with a warning', async () => {
  const { logger, warnings } = recordingLogger();
  let calls = 0;
  const run = retryInBackground(async () => (calls++, null), opts(logger));
  expect(await run.done).toBe('gave-up');
  expect(calls).toBe(4);
  expect(warnings).toEqual(['seed gave up']);
});

it('stop() ends the wait at once: no further attempt, no warning', async () => {
  const { logger, warnings } = recordingLogger();
  let calls = 0;
  let first: () => void = () => {};
  const attempted = new Promise<void>((resolve) => (first = resolve));
  const run = retryInBackground(async () => (calls++, first(), null), { ...opts(logger), retryMs: 60 * 60_000, attempts: 100 });
  await attempted;
  await run.stop();
  expect(await run.done).toBe('gave-up');
  expect(calls).toBe(1);
  expect(warnings).toEqual([]);
});
