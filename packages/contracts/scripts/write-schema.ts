// Regenerates the committed JSON Schema snapshot: node packages/contracts/scripts/write-schema.ts
import { writeFileSync } from 'node:fs';
import { buildJsonSchemaSnapshot } from '../src/json-schema.ts';

const file = new URL('../schema/contracts.schema.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(buildJsonSchemaSnapshot(), null, 2)}\n`);
console.log(`wrote ${file.pathname}`);
