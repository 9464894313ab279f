import { formatCls, goalMisses, lighthouseGoalTable, medianFigures, type LighthouseFigures } from '../lighthouse-goals.ts';

const mobile = (over: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
  formFactor: 'mobile',
  score: 97,
  lcpMs: 1_500,
  fcpMs: 900,
  tbtMs: 80,
  cls: 0,
  speedIndexMs: 1_200,
  ...over,
});

describe('goalMisses', () => {
  test('a mobile run within every goal meets it; the limits themselves meet it', () => {
    expect(goalMisses(mobile())).toEqual([]);
    expect(goalMisses(mobile({ score: 95, lcpMs: 1_800, tbtMs: 150 }))).toEqual([]);
  });

  test('each mobile goal is checked on its own and named with the figure', () => {
    expect(goalMisses(mobile({ score: 94 }))).toEqual(['score 94 < 95']);
    expect(goalMisses(mobile({ lcpMs: 1_801 }))).toEqual(['LCP 1.80 s > 1.80 s']);
    expect(goalMisses(mobile({ tbtMs: 151 }))).toEqual(['TBT 151 ms > 150 ms']);
    expect(goalMisses(mobile({ cls: 0.0004 }))).toEqual(['CLS 0.0004 > 0']);
    expect(goalMisses(mobile({ score: 60, lcpMs: 4_000, tbtMs: 600, cls: 0.25 }))).toHaveLength(4);
  });

  test('a metric Lighthouse did not give misses rather than passes', () => {
    expect(goalMisses(mobile({ lcpMs: Number.NaN }))).toEqual(['LCP NaN s > 1.80 s']);
  });

  test('desktop is held to its score only', () => {
    const desktop = mobile({ formFactor: 'desktop', score: 98, lcpMs: 3_000, tbtMs: 400, cls: 0.1 });
    expect(goalMisses(desktop)).toEqual([]);
    expect(goalMisses({ ...desktop, score: 97 })).toEqual(['score 97 < 98']);
  });
});

describe('formatCls', () => {
  test('none is 0, a tiny shift is not rounded away', () => {
    expect(formatCls(0)).toBe('0');
    expect(formatCls(0.0004)).toBe('0.0004');
    expect(formatCls(0.0123)).toBe('0.012');
    expect(formatCls(Number.NaN)).toBe('n/a');
  });
});

describe('lighthouseGoalTable', () => {
  test('goal rows, then one row per run marked meets / misses / failed, then the count', () => {
    const lines = lighthouseGoalTable([
      { page: '/', formFactor: 'mobile', figures: mobile() },
      { page: '/', formFactor: 'desktop', figures: mobile({ formFactor: 'desktop', score: 90 }) },
      { page: '/forum', formFactor: 'mobile', error: 'Lighthouse: NO_FCP | the page\ndid not paint' },
    ]);
    expect(lines[0]).toBe('| page | preset | score | LCP | TBT | CLS | FCP | Speed Index | goal |');
    expect(lines[2]).toBe('| **goal** | mobile | ≥ 95 | ≤ 1.80 s | ≤ 150 ms | 0 |  |  |  |');
    expect(lines[3]).toBe('| **goal** | desktop | ≥ 98 |  |  |  |  |  |  |');
    expect(lines[4]).toBe('| / | mobile | 97 | 1.50 s | 80 ms | 0 | 0.90 s | 1.20 s | meets |');
    expect(lines[5]).toBe('| / | desktop | 90 | 1.50 s | 80 ms | 0 | 0.90 s | 1.20 s | misses: score 90 < 98 |');
    expect(lines[6]).toBe('| /forum | mobile |  |  |  |  |  |  | failed: Lighthouse: NO_FCP \\| the page did not paint |');
    expect(lines.at(-1)).toBe('1 of 3 runs meet their goal');
    // every table row has the header's number of cells
    for (const line of lines.slice(0, 7)) expect(line.replace(/\\\|/g, '').split('|')).toHaveLength(11);
  });
});

describe('medianFigures', () => {
  it("takes each figure's median over the runs, apart from the others", () => {
    const runs = [mobile({ tbtMs: 400, lcpMs: 1_000, score: 90 }), mobile({ tbtMs: 90, lcpMs: 1_900, score: 99 }), mobile({ tbtMs: 120, lcpMs: 1_200, score: 96 })];
    expect(medianFigures(runs)).toEqual(mobile({ tbtMs: 120, lcpMs: 1_200, score: 96 }));
  });

  it('averages the two middle runs of an even count, and refuses none', () => {
    expect(medianFigures([mobile({ tbtMs: 100 }), mobile({ tbtMs: 200 })]).tbtMs).toBe(150);
    expect(() => medianFigures([])).toThrow('no runs');
  });

  it('says in the table how many runs a row is the median of', () => {
    const lines = lighthouseGoalTable([{ page: '/', formFactor: 'mobile', figures: mobile(), runs: 3 }]);
    expect(lines.find((l) => l.startsWith('| / |'))).toContain('mobile (median of 3)');
  });
});
