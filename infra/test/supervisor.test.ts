import { spawn, type ChildProcess } from 'node:child_process';
import { parseReplicas, servicePorts } from '../src/catalogue.ts';
import { discoverDeployables } from '../src/deployables.ts';
import { repoRoot } from '../src/paths.ts';
import { replicaPorts, serviceOrigins } from '../src/stack-env.ts';
import { createSupervisor, restartDelayMs, statusLine, type ProcessStatus, type SupervisedProcess } from '../src/supervisor.ts';

describe('the supervisor of npm start', () => {
  it('waits 1 s after a first exit, doubling for exits in a row, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('shows each process and its restarts on the banner\'s status line', () => {
    expect(
      statusLine([
        { name: 'identity', state: 'up', pid: 1, restarts: 0 },
        { name: 'listings', state: 'restarting', pid: 2, restarts: 1, lastExit: 'exit code 1' },
        { name: 'listings#2', state: 'up', pid: 4, restarts: 0 },
        { name: 'comms', state: 'up', pid: 3, restarts: 3 },
      ]),
    ).toBe('identity up · listings restarting (1 restart) · listings#2 up · comms up (3 restarts)');
  });
});

/**
 * The real supervisor around a small Node child: `quick` exits with code 3 right after its start, `stable` the same
 * but the test's clock moves two minutes while it runs (a run long enough to count as stable), `lasting` keeps running
 * until it is stopped. Its readiness is its "ready" line on stdout.
 */
function fixture(name: string, runs: Array<'quick' | 'stable' | 'lasting'>, clock: { now: number }): SupervisedProcess & { started: ChildProcess[] } {
  const started: ChildProcess[] = [];
  return {
    name,
    logFile: `/tmp/${name}.log`,
    started,
    spawn: () => {
      const run = runs[Math.min(started.length, runs.length - 1)]!;
      const code = run === 'lasting' ? "console.log('ready'); setInterval(() => {}, 1000);" : "console.log('ready'); setTimeout(() => process.exit(3), 20);";
      const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
      // Registered before the supervisor's own exit listener: the clock has moved when it computes the run's length.
      if (run === 'stable') child.once('exit', () => (clock.now += 120_000));
      started.push(child);
      return child;
    },
    ready: (child) =>
      new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        // 'close' comes after all of its output: a child that printed "ready" was ready, whenever it exits.
        child.once('close', (code) => reject(new Error(`exited with ${code} before it was ready`)));
      }),
  };
}

interface Change {
  change: string;
  status: ProcessStatus[];
}

function until(changes: Change[], count: number, boundMs = 20_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  return new Promise<void>((resolve, reject) => {
    const poll = () => {
      if (changes.length >= count) return resolve();
      if (Date.now() > deadline) return reject(new Error(`only ${changes.length} status changes: ${changes.map((c) => c.change).join(' | ')}`));
      setTimeout(poll, 50);
    };
    poll();
  });
}

describe('the supervisor with a real child process', () => {
  jest.setTimeout(30_000);

  it('restarts after 1 s, then 2 s for a second quick exit, and from 1 s again after a stable run; reports and logs each change', async () => {
    const clock = { now: 1_000_000 };
    const changes: Change[] = [];
    const lines: string[] = [];
    const supervisor = createSupervisor({
      now: () => clock.now,
      log: (line) => lines.push(line),
      onStatusChange: (status, change) => changes.push({ status, change }),
    });
    // quick exit, quick exit, a stable run that exits, then a process that stays
    const spec = fixture('fixture', ['quick', 'quick', 'stable', 'lasting'], clock);
    try {
      await supervisor.launch(spec);
      // three exits, each followed by "is back": six changes
      await until(changes, 6);
      const stops = changes.filter((c) => / stopped /.test(c.change));
      expect(stops.map((c) => Number(/restarting in (\d+) s/.exec(c.change)?.[1]))).toEqual([1, 2, 1]);
      expect(stops[0]!.change).toBe('fixture stopped (exit code 3); restarting in 1 s (restart 1, log /tmp/fixture.log)');
      expect(changes.map((c) => c.change.split(';')[0])).toEqual([
        'fixture stopped (exit code 3)',
        'fixture is back (restart 1)',
        'fixture stopped (exit code 3)',
        'fixture is back (restart 2)',
        'fixture stopped (exit code 3)',
        'fixture is back (restart 3)',
      ]);
      // the callback gets the status as of each change
      expect(stops.map((c) => c.status[0])).toEqual([1, 2, 3].map((restarts) => expect.objectContaining({ name: 'fixture', state: 'restarting', restarts, lastExit: 'exit code 3' })));
      expect(changes.at(-1)!.status).toEqual([{ name: 'fixture', state: 'up', pid: spec.started[3]!.pid, restarts: 3, lastExit: 'exit code 3' }]);
      // every change is logged too
      expect(lines).toEqual(changes.map((c) => c.change));
      expect(spec.started).toHaveLength(4);
    } finally {
      await supervisor.stopAll();
    }
    expect(supervisor.status()[0]!.state).toBe('stopped');
  });

  it('supervises each process on its own; one stopped on purpose stays stopped until started again', async () => {
    const clock = { now: 0 };
    const changes: Change[] = [];
    const supervisor = createSupervisor({ now: () => clock.now, onStatusChange: (status, change) => changes.push({ status, change }) });
    const first = fixture('svc', ['lasting'], clock);
    const second = fixture('svc#2', ['lasting'], clock);
    try {
      await supervisor.launch(first);
      await supervisor.launch(second);
      // a SIGKILL of one replica: only that one is restarted
      second.started[0]!.kill('SIGKILL');
      await until(changes, 2);
      expect(changes.map((c) => c.change.split(';')[0])).toEqual(['svc#2 stopped (signal SIGKILL)', 'svc#2 is back (restart 1)']);
      expect(first.started).toHaveLength(1);
      expect(second.started).toHaveLength(2);
      expect(statusLine(supervisor.status())).toBe('svc up · svc#2 up (1 restart)');

      await supervisor.stop('svc');
      expect(supervisor.status()[0]!.state).toBe('stopped');
      await new Promise((r) => setTimeout(r, 1_500)); // longer than a restart delay: still stopped
      expect(first.started).toHaveLength(1);
      expect(changes).toHaveLength(2);
      await supervisor.start('svc');
      expect(first.started).toHaveLength(2);
      expect(supervisor.status().map((p) => p.state)).toEqual(['up', 'up']);
    } finally {
      await supervisor.stopAll();
    }
    expect(supervisor.status().map((p) => p.state)).toEqual(['stopped', 'stopped']);
  });
});

describe('REPLICAS', () => {
  it('reads name=count pairs into processes per service', () => {
    expect(parseReplicas(undefined)).toEqual({});
    expect(parseReplicas('')).toEqual({});
    expect(parseReplicas('listings=2, ads=3')).toEqual({ listings: 2, ads: 3 });
  });

  it('refuses unknown names, the gateway, bad counts and malformed pairs, naming each problem', () => {
    // The replicable services are those whose manifest allows more than one process (a new team's among them).
    const replicable = discoverDeployables(repoRoot()).services.filter((s) => s.manifest.replicas.max > 1).map((s) => s.manifest.name).sort();
    expect(replicable).toEqual(expect.arrayContaining(['ads', 'listings', 'search']));
    expect(() => parseReplicas('listing=2')).toThrow(`REPLICAS: unknown service "listing" (replicable: ${replicable.join(', ')})`);
    expect(() => parseReplicas('gateway=2')).toThrow("REPLICAS: gateway runs as one process (its service.json's replicas.max is 1)");
    expect(() => parseReplicas('ads=0')).toThrow('REPLICAS: ads: the count must be a whole number from 1 to 9, not "0"');
    expect(() => parseReplicas('ads=1.5,listings=10')).toThrow(/ads: .*"1\.5".*listings: .*"10"/);
    expect(() => parseReplicas('ads')).toThrow('REPLICAS: "ads" is not name=count (e.g. REPLICAS=listings=2,ads=2)');
    expect(() => parseReplicas('ads=2,ads=3')).toThrow('REPLICAS: ads is given twice');
  });

  it('gives each extra replica its own port and the gateway every origin', () => {
    const replicas = { listings: 3, ads: 2 };
    const ports = replicaPorts(servicePorts(0), replicas);
    expect(ports).toMatchObject({ listings: 4002, 'listings#2': 4012, 'listings#3': 4022, ads: 4005, 'ads#2': 4015 });
    expect(new Set(Object.values(ports)).size).toBe(Object.values(ports).length);
    expect(serviceOrigins({ ports, replicas }, 'listings')).toBe('http://127.0.0.1:4002,http://127.0.0.1:4012,http://127.0.0.1:4022');
    expect(serviceOrigins({ ports, replicas }, 'forum')).toBe('http://127.0.0.1:4003');
  });
});
