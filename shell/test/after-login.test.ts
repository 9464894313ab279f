import { afterLoginPath } from '../src/pages/after-login.ts';

/** Where a login leads (`/auth?next=`): a path of this site, never another origin (an open redirect) nor /auth again. */
describe('afterLoginPath', () => {
  test.each([
    ['/messages/new?listing=abc', '/messages/new?listing=abc'],
    ['/messages', '/messages'],
    ['/listing/123#photos', '/listing/123#photos'],
  ])('%s: followed', (next, expected) => {
    expect(afterLoginPath(next)).toBe(expected);
  });

  test.each([
    [null],
    [''],
    ['messages'],
    ['https://evil.example/'],
    ['//evil.example/'],
    ['/\\evil.example/'],
    ['/\t/evil.example/'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    ['/auth'],
    ['/auth?next=/x'],
    ['/auth/'],
  ])('%j: home instead', (next) => {
    expect(afterLoginPath(next)).toBe('/');
  });
});
