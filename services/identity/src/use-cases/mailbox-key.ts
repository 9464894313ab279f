/** Providers that deliver `a.b.c@` to `abc@` (dots in the local part mean nothing there), by their domains. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, as one key: lower case, without a plus tag (`asha+ads@` is `asha@`), without the dots
 * of providers that ignore them, and with a provider's other domain as its main one. Two addresses with the same key
 * reach one person's inbox: a ban of one covers the other (issue 41 §3). Not an address to write to.
 */
export function mailboxKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const main = DOTLESS_DOMAINS[domain];
  if (main) {
    domain = main;
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}
