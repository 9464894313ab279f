// Writes the committed OpenAPI 3.1 documents (issue 24 §1): `npm run openapi`. scripts/test/openapi.test.ts fails while
// a committed file differs from what this writes, so every API change shows in review. The public document may only
// grow (openapi/compat.ts): a change that takes something from what clients use is refused unless it is meant
// (`npm run openapi -- --allow-breaking`, for a change agreed with every client).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { breakingChanges } from './openapi/compat.ts';
import { buildDocuments, repoFile, serialize } from './openapi/documents.ts';

const PUBLIC = 'services/gateway/openapi.json';
const documents = await buildDocuments();
const committed = repoFile(PUBLIC);
if (existsSync(committed) && !process.argv.includes('--allow-breaking')) {
  const broken = breakingChanges(JSON.parse(readFileSync(committed, 'utf8')) as Record<string, unknown>, JSON.parse(serialize(documents.get(PUBLIC)!)) as Record<string, unknown>);
  if (broken.length > 0) {
    console.error(`The public API would lose what clients use (nothing written):\n- ${broken.join('\n- ')}\nKeep it, or run \`npm run openapi -- --allow-breaking\` for a change agreed with every client.`);
    process.exit(1);
  }
}
for (const [path, doc] of documents) {
  writeFileSync(repoFile(path), serialize(doc));
  console.log(`wrote ${path}`);
}
