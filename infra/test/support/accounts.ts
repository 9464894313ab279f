/** Accounts the stack tests make through the running gateway, as a visitor's browser would. */
import { randomUUID } from 'node:crypto';

/** Registers a new account through `gateway` (username `<prefix>_<random>`) and answers its session cookie (`cp_session=…`). */
export async function registerThroughGateway(gateway: string, prefix: string): Promise<string> {
  const id = randomUUID().slice(0, 8);
  const res = await fetch(`${gateway}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `${prefix}_${id}`, password: 'secret-pass-1', email: `${prefix}_${id}@example.com`, firstName: 'Asha', lastName: 'Patel', termsAccepted: true }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cp_session='));
  if (res.status !== 201 || !cookie) throw new Error(`register: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0]!;
}
