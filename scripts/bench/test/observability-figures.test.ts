import { median, relativeCost, verdict } from '../observability-figures.ts';

describe('the observability part’s figures', () => {
  test('median of an odd and an even count, and of none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });

  test('the cost is B’s shortfall relative to A, negative when B was faster', () => {
    expect(relativeCost(100, 95)).toBeCloseTo(0.05);
    expect(relativeCost(100, 110)).toBeCloseTo(-0.1);
    expect(relativeCost(0, 10)).toBe(0);
  });

  test('within the goal at 5% or less, over it above; rounds that disagree by more than the goal are noisy', () => {
    const steady = verdict([100, 102, 98, 100], [97, 99, 95, 97]);
    expect(steady.within).toBe(true);
    expect(steady.noisy).toBe(false);
    expect(steady.cost).toBeCloseTo(0.03);
    const over = verdict([100, 100], [90, 92]);
    expect(over.within).toBe(false);
    expect(over.spread[0]).toBeCloseTo(0.08);
    expect(over.spread[1]).toBeCloseTo(0.1);
    const noisy = verdict([35, 50, 46, 37], [35, 46, 38, 39]);
    expect(noisy.noisy).toBe(true);
    expect(noisy.pairedCost).toBeCloseTo(0.04);
  });

  test('refuses rounds that do not pair', () => {
    expect(() => verdict([1, 2], [1])).toThrow();
  });
});
