import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * createLogger's `async` option (the gateway's request log): lines are gathered and written together, yet none is lost
 * at exit and none waits for more lines to come: a quiet process's line is written on its own, while the process lives.
 */

const FIXTURE = path.join(__dirname, 'fixtures', 'async-logger.ts');
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function run(env: Record<string, string>): { child: ChildProcess; lines: () => Array<{ i: number | string; msg: string }>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [FIXTURE], { env: { ...process.env, ...env, JEST_WORKER_ID: '' }, stdio: ['pipe', 'pipe', 'inherit'] });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const lines = () => out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { i: number | string; msg: string });
  return { child, lines, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

async function until(check: () => boolean, boundMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline && !check()) await new Promise((r) => setTimeout(r, 50));
  return check();
}

test('every line is written when the process exits, in order, none of them whole lines cut', async () => {
  const p = run({ LINES: '500', EXIT: '1' });
  expect(await p.exited).toBe(0);
  expect(p.lines().map((l) => l.i)).toEqual(Array.from({ length: 500 }, (_, i) => i));
}, 30_000);

test('a single line of a quiet process is written while it lives, and so is one written later', async () => {
  const p = run({ LINES: '1' });
  expect(await until(() => p.lines().length === 1)).toBe(true);
  p.child.stdin!.write('more\n');
  expect(await until(() => p.lines().length === 2)).toBe(true);
  expect(p.child.exitCode).toBeNull();
  p.child.stdin!.end();
  expect(await p.exited).toBe(0);
  expect(p.lines().map((l) => l.i)).toEqual([0, 'more']);
}, 40_000);
