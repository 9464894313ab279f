import type { CaughtMail } from './mail/catcher.ts';

export type { CaughtMail };

/** Reads the mail the catcher received (tests, scripts). `env.MAIL_API_URL` is the catcher's base URL. */
export function mailbox(env: { MAIL_API_URL: string }) {
  const base = env.MAIL_API_URL.replace(/\/$/, '');
  const list = async (to?: string): Promise<CaughtMail[]> => {
    const res = await fetch(`${base}/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`mail API: ${res.status}`);
    return (await res.json()) as CaughtMail[];
  };
  return {
    list,
    /** Waits (bounded) for the newest mail to `to` that satisfies `predicate`. */
    async waitFor(to: string, predicate: (m: CaughtMail) => boolean = () => true, timeoutMs = 15_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await list(to)).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async clear(): Promise<void> {
      await fetch(`${base}/api/messages`, { method: 'DELETE', signal: AbortSignal.timeout(5_000) });
    },
  };
}
