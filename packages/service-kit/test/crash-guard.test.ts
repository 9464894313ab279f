import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { clientErrorAnswer } from '../src/index.ts';

const FIXTURE = path.join(__dirname, 'fixtures', 'crash-guard-server.ts');

interface Fixture {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

/** Every fixture process started, killed after the tests (a fixture that failed to exit must not outlive them). */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Runs the fixture as a real process (Node 24 runs the TypeScript entry); resolves with its exit code. */
function spawnFixture(env: Record<string, string>, stdio: 'ignore' | 'pipe'): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [FIXTURE], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdio: ['ignore', stdio, stdio] });
  started.push(child);
  return { child, exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** Starts the fixture and waits for its port. */
function startFixture(env: Record<string, string> = {}): Promise<Fixture> {
  const { child, exited } = spawnFixture(env, 'pipe');
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`fixture did not start: ${out}`)), 20_000);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${m[1]}`, exited });
      }
    });
    void exited.then((code) => reject(new Error(`fixture exited (${code}) before listening: ${out}`)));
  });
}

describe('crash guard (a process of its own)', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture();
  });
  afterAll(async () => {
    f.child.kill('SIGKILL');
    await f.exited;
  });

  it('answers 500 JSON to a request whose stream emits an unhandled error, and keeps serving', async () => {
    const res = await fetch(`${f.base}/stream-error`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=ZZ' }, body: 'x'.repeat(100) });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal Server Error' });
    expect(await (await fetch(`${f.base}/ok`)).json()).toEqual({ ok: true });
  });

  it('answers 500 to a request whose timer throws, and keeps serving', async () => {
    const res = await fetch(`${f.base}/timer-throw`);
    expect(res.status).toBe(500);
    expect((await fetch(`${f.base}/ok`)).status).toBe(200);
  });

  it('logs an unhandled rejection in a request and keeps serving', async () => {
    expect((await fetch(`${f.base}/reject`)).status).toBe(200);
    expect((await fetch(`${f.base}/ok`)).status).toBe(200);
    expect(f.child.exitCode).toBeNull();
  });
});

describe('a fault outside every request still ends the process with code 1, for the supervisor to restart it', () => {
  it.each([
    ['an uncaught exception', 'FATAL_AFTER_MS'],
    ['an unhandled promise rejection (a background loop)', 'REJECT_AFTER_MS'],
    ['the listen socket failing after start', 'LISTEN_ERROR_AFTER_MS'],
  ])('%s', async (_what, variable) => {
    const f = await startFixture({ [variable]: '300' });
    expect((await fetch(`${f.base}/ok`)).status).toBe(200);
    expect(await f.exited).toBe(1);
  });

  it('a port that is already taken at start', async () => {
    const taken = await startFixture();
    try {
      expect(await spawnFixture({ PORT: new URL(taken.base).port }, 'ignore').exited).toBe(1);
    } finally {
      taken.child.kill('SIGKILL');
      await taken.exited;
    }
  });
});

describe('clientErrorAnswer', () => {
  it('maps Node parser errors to JSON statuses', () => {
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW')).toEqual({ status: 431, error: 'Request headers too large' });
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT').status).toBe(408);
    expect(clientErrorAnswer('HPE_INVALID_METHOD')).toEqual({ status: 400, error: 'Malformed HTTP request' });
  });
});
