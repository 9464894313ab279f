// Writes the committed OpenAPI 3.1 documents (issue 24 §1): `npm run openapi`. scripts/test/openapi.test.ts fails while
// a committed file differs from what this writes, so every API change shows in review.
import { writeFileSync } from 'node:fs';
import { buildDocuments, repoFile, serialize } from './openapi/documents.ts';

for (const [path, doc] of await buildDocuments()) {
  writeFileSync(repoFile(path), serialize(doc));
  console.log(`wrote ${path}`);
}
