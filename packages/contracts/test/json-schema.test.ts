import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildJsonSchemaSnapshot, SCHEMA_MODULES } from '../src/json-schema.ts';
import * as contracts from '../src/index.ts';

describe('JSON Schema snapshot', () => {
  it('matches the committed file (run `node packages/contracts/scripts/write-schema.ts` after a contract change)', () => {
    const committed = JSON.parse(readFileSync(path.join(__dirname, '..', 'schema', 'contracts.schema.json'), 'utf8')) as unknown;
    expect(JSON.parse(JSON.stringify(buildJsonSchemaSnapshot()))).toEqual(committed);
  });

  it('covers every exported *Schema', () => {
    const inModules = new Set(Object.values(SCHEMA_MODULES).flatMap((m) => Object.keys(m)));
    const exported = Object.keys(contracts).filter((k) => k.endsWith('Schema') && k !== 'EventEnvelopeSchema');
    expect(exported.filter((k) => !inModules.has(k))).toEqual([]);
  });

  it('has every event of the catalog with its subject', () => {
    const snap = buildJsonSchemaSnapshot();
    for (const def of contracts.eventCatalog) {
      expect(snap[`events.${def.type}.v${def.version}`]).toMatchObject({ subject: `events.${def.type}.v${def.version}` });
    }
  });
});
