import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

/** One caught e-mail, as the API returns it. */
export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
  /**
   * The header fields, by lower-cased name, unfolded (the first of a repeated one): Message-ID, List-Unsubscribe ...
   * Absent from mail kept before they were recorded.
   */
  headers?: Record<string, string>;
}

const MAX_KEPT = 500;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);

/** Raw header lines (`Name: value`, possibly folded) as name → unfolded value (RFC 5322 2.2.3); the first of a repeated name wins. */
const headerFields = (lines: ReadonlyArray<{ key: string; line: string }>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const { key, line } of lines) {
    if (key in out) continue;
    out[key] = line.slice(line.indexOf(':') + 1).replace(/\r?\n(?=[ \t])/g, '').trim();
  }
  return out;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A development mail catcher: an SMTP server (no auth, loopback only) that keeps what it receives, a web page for
 * people and a JSON API for tests: GET /api/messages?to=, GET /api/messages/:id, DELETE /api/messages.
 */
export async function startMailCatcher(opts: { smtpPort: number; httpPort: number; storeFile: string }): Promise<{ stop(): Promise<void> }> {
  let messages: CaughtMail[] = [];
  if (existsSync(opts.storeFile)) {
    messages = readFileSync(opts.storeFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as CaughtMail)
      .slice(-MAX_KEPT);
  }
  const keep = (m: CaughtMail) => {
    messages.push(m);
    if (messages.length > MAX_KEPT) messages = messages.slice(-MAX_KEPT);
    appendFileSync(opts.storeFile, `${JSON.stringify(m)}\n`);
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          keep({
            id: randomUUID(),
            from: addresses(parsed.from)[0] ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: envelopeTo.length ? envelopeTo : addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: (parsed.date ?? new Date()).toISOString(),
            headers: headerFields(parsed.headerLines),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort, '127.0.0.1', () => resolve());
  });

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  };
  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/messages' && req.method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      json(res, 200, [...messages].reverse().filter((m) => !to || m.to.includes(to)));
    } else if (url.pathname === '/api/messages' && req.method === 'DELETE') {
      messages = [];
      writeFileSync(opts.storeFile, '');
      json(res, 200, { deleted: true });
    } else if (url.pathname.startsWith('/api/messages/') && req.method === 'GET') {
      const m = messages.find((x) => x.id === url.pathname.slice('/api/messages/'.length));
      if (m) json(res, 200, m);
      else json(res, 404, { error: 'Not found' });
    } else if (url.pathname === '/' && req.method === 'GET') {
      const rows = [...messages]
        .reverse()
        .map((m) => `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.to.join(', '))} · <b>From:</b> ${escapeHtml(m.from)} · ${escapeHtml(m.date)}</p><pre>${escapeHtml(m.text)}</pre></article>`)
        .join('<hr>');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", 'cache-control': 'no-store' })
        .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail catcher</title><style>body{font-family:system-ui;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f5;padding:1rem}</style></head><body><h1>Mail catcher (${messages.length})</h1><p>Every e-mail the local site sends lands here. Reload to see new ones.</p>${rows || '<p>No mail yet.</p>'}</body></html>`);
    } else {
      json(res, 404, { error: 'Not found' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(opts.httpPort, '127.0.0.1', () => resolve());
  });
  return {
    async stop() {
      web.closeAllConnections();
      await new Promise<void>((r) => web.close(() => r()));
      await new Promise<void>((r) => smtp.close(() => r()));
    },
  };
}
