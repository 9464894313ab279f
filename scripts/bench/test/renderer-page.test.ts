import { countWarnings } from '../renderer-page.ts';

describe('countWarnings', () => {
  test('counts pino warnings and errors by message, skipping the access log and lines that are not JSON', () => {
    const lines = [
      '{"level":30,"msg":"request","path":"/listing/x"}',
      '{"level":40,"msg":"page head: no answer from the renderer: the shell head answers"}',
      '{"level":40,"msg":"page head: no answer from the renderer: the shell head answers"}',
      '{"level":50,"msg":"boom"}',
      'not json',
      '',
    ];
    expect([...countWarnings(lines)]).toEqual([
      ['page head: no answer from the renderer: the shell head answers', 2],
      ['boom', 1],
    ]);
  });
});
