import { mailboxKey } from '../src/use-cases/mailbox-key.ts';

describe('mailboxKey (the inbox an address reaches, for bans)', () => {
  it.each([
    ['Asha@Example.com', 'asha@example.com'],
    ['asha+ads@example.com', 'asha@example.com'],
    ['a.sha@example.com', 'a.sha@example.com'],
    ['A.Sha+x@gmail.com', 'asha@gmail.com'],
    ['asha@googlemail.com', 'asha@gmail.com'],
    [' asha@gmail.com ', 'asha@gmail.com'],
    ['+tag@example.com', '+tag@example.com'],
    ['no-at-sign', 'no-at-sign'],
  ])('%s → %s', (email, key) => {
    expect(mailboxKey(email)).toBe(key);
  });
});
