/**
 * Checks what MongoDB's explain says of a page query (issue 24): the page is read from an index in its order (the
 * named `index`, or any index scan), with no sort in memory and no collection scan; with `examinedAtMost` (explained
 * with executionStats), no more documents read than that. The paging tests of service-kit and the services share it.
 */
export function expectIndexedPage(explained: unknown, opts: { index?: string; examinedAtMost?: number } = {}): void {
  const { queryPlanner, executionStats } = explained as { queryPlanner: { winningPlan: unknown }; executionStats?: { totalDocsExamined: number } };
  const plan = JSON.stringify(queryPlanner.winningPlan);
  expect(plan).toContain(opts.index === undefined ? '"stage":"IXSCAN"' : `"indexName":"${opts.index}"`);
  expect(plan).not.toContain('"stage":"SORT"');
  expect(plan).not.toContain('"stage":"COLLSCAN"');
  if (opts.examinedAtMost !== undefined) expect(executionStats?.totalDocsExamined).toBeLessThanOrEqual(opts.examinedAtMost);
}
