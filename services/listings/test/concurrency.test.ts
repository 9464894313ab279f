import type { Context } from 'koa';
import { concurrencyLimit } from '../src/images/concurrency.ts';

describe('upload concurrency limit', () => {
  it('runs at most `max` at once, queues the next ones in order, and refuses beyond the queue with 503', async () => {
    const limit = concurrencyLimit(2, 2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates: Array<() => void> = [];
    const run = (n: number) =>
      limit({} as Context, async () => {
        running += 1;
        peak = Math.max(peak, running);
        order.push(n);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
      });
    const done = [run(1), run(2), run(3), run(4)];
    await expect(run(5)).rejects.toMatchObject({ status: 503 });
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([1, 2]);
    while (order.length < 4 || gates.length > 0) {
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(done);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
    // Both slots are free again: two more start at once.
    const again = [run(6), run(7)];
    await new Promise((r) => setImmediate(r));
    expect(order.slice(4)).toEqual([6, 7]);
    while (gates.length > 0) gates.shift()!();
    await Promise.all(again);
  });
});
