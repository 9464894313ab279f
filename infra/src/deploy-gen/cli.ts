/**
 * npm run deploy:gen — writes docker-compose.yml, the Kubernetes base (infra/k8s/base), the NATS users' chart values
 * and their example Secrets from each deployable's service.json / remote.json (issue 35 §1). infra/test/deploy-gen.test.ts
 * fails when the committed files differ from what this writes.
 */
import { ManifestError } from '@cp/service-kit';
import { repoRoot } from '../paths.ts';
import { DeployGenError } from './model.ts';
import { generate, writeFiles } from './write.ts';

const root = repoRoot();
try {
  const changed = writeFiles(root, await generate(root));
  process.stdout.write(changed.length > 0 ? `deploy:gen: wrote ${changed.join(', ')}\n` : 'deploy:gen: every file is up to date\n');
} catch (err) {
  if (!(err instanceof DeployGenError || err instanceof ManifestError)) throw err;
  console.error(`deploy:gen: ${err.message}`);
  process.exitCode = 1;
}
