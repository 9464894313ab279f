/** `npm run release -- <remote> <version> <percent>`: see release/release.ts. */
import { connectNatsClient } from '@cp/service-kit';
import { parseReleaseArgs, runRelease } from './release/release.ts';

const parsed = parseReleaseArgs(process.argv.slice(2));
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
let nc;
try {
  nc = await connectNatsClient(url, 'release-cli');
} catch (err) {
  console.error(`release: cannot reach NATS at ${url} (${err instanceof Error ? err.message : String(err)}); is the stack running? (NATS_URL)`);
  process.exit(1);
}
const code = await runRelease(parsed.args, nc, { out: (l) => console.log(l), err: (l) => console.error(l) });
await nc.drain().catch(() => nc.close());
process.exit(code);
