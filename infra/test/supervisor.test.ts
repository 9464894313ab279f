import { restartDelayMs, statusLine } from '../src/stack.ts';

describe('the supervisor of npm start', () => {
  it('waits 1 s after a first exit, doubling for exits in a row, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('shows each process and its restarts on the banner\'s status line', () => {
    expect(
      statusLine([
        { name: 'identity', state: 'up', pid: 1, restarts: 0 },
        { name: 'listings', state: 'restarting', pid: 2, restarts: 1, lastExit: 'exit code 1' },
        { name: 'comms', state: 'up', pid: 3, restarts: 3 },
      ]),
    ).toBe('identity up · listings restarting (1 restart) · comms up (3 restarts)');
  });
});
