import { readFileSync } from 'node:fs';
import { breakingChanges } from '../openapi/compat.ts';
import { buildDocuments, repoFile, serialize } from '../openapi/documents.ts';

/**
 * Issue 37: the public OpenAPI document may only grow. `npm run openapi` refuses to write one that takes from the
 * committed one (scripts/openapi/compat.ts); these tests hold the comparison, on the real document.
 */

type Json = Record<string, unknown>;
const PUBLIC = 'services/gateway/openapi.json';
const committed = () => JSON.parse(readFileSync(repoFile(PUBLIC), 'utf8')) as Json;
/** The committed document, changed by `edit` (a deep copy: the committed one stays as it is). */
const changed = (edit: (doc: { paths: Record<string, Record<string, Json & { parameters?: Json[] }>>; components: { schemas: Record<string, Json & { properties?: Json; required?: string[]; enum?: unknown[] }> } }) => void): Json => {
  const doc = committed();
  edit(doc as never);
  return doc;
};

test('what `npm run openapi` writes now only adds to the committed public document', async () => {
  const generated = JSON.parse(serialize((await buildDocuments()).get(PUBLIC)!)) as Json;
  expect(breakingChanges(committed(), generated)).toEqual([]);
});

test('additions pass: a new operation, an optional parameter, a new answer property, a new enum value', () => {
  const after = changed((doc) => {
    doc.paths['/api/new-thing'] = { get: { operationId: 'x.newThing', responses: { 200: { description: 'New.' } } } };
    doc.paths['/api/forum/posts']!.get!.parameters = [...(doc.paths['/api/forum/posts']!.get!.parameters ?? []), { name: 'colour', in: 'query', required: false, schema: { type: 'string' } }];
    doc.components.schemas.Listing!.properties = { ...doc.components.schemas.Listing!.properties, colour: { type: 'string' } };
    doc.components.schemas.Listing!.required = [...(doc.components.schemas.Listing!.required ?? []), 'colour'];
    doc.components.schemas.ListingStatus!.enum = [...(doc.components.schemas.ListingStatus!.enum ?? []), 'archived'];
  });
  expect(breakingChanges(committed(), after)).toEqual([]);
});

test('what a client uses cannot go: an operation, an answer, a parameter, a schema, a property, an enum value', () => {
  const after = changed((doc) => {
    delete doc.paths['/api/forum/posts']!.post;
    delete doc.paths['/api/register']!.post!.responses!['201' as never];
    doc.paths['/api/forum/posts']!.get!.parameters = doc.paths['/api/forum/posts']!.get!.parameters!.filter((p) => p.name !== 'category');
    delete doc.components.schemas.ForumReply;
    delete (doc.components.schemas.Listing!.properties as Json).title;
    doc.components.schemas.ListingStatus!.enum = doc.components.schemas.ListingStatus!.enum!.filter((v) => v !== 'sold');
  });
  expect(breakingChanges(committed(), after).sort()).toEqual(
    [
      'POST /api/forum/posts: the operation is gone',
      'POST /api/register: the 201 answer is gone',
      'GET /api/forum/posts: parameter query category is gone',
      'schema ForumReply is gone',
      'schema Listing: property title is gone',
      'schema ListingStatus: enum value "sold" is gone',
    ].sort(),
  );
});

test('what a client sends cannot become required: a parameter, a body, a property of a request schema', () => {
  const after = changed((doc) => {
    doc.paths['/api/forum/posts']!.get!.parameters = doc.paths['/api/forum/posts']!.get!.parameters!.map((p) => (p.name === 'category' ? { ...p, required: true } : p));
    doc.paths['/api/logout']!.post!.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
    const input = doc.components.schemas.ListingInsertInput!;
    input.properties = { ...input.properties, colour: { type: 'string' } };
    input.required = [...(input.required ?? []), 'colour'];
  });
  expect(breakingChanges(committed(), after).sort()).toEqual(
    ['GET /api/forum/posts: parameter query category is now required', 'POST /api/logout: a request body is now required', 'schema ListingInsertInput: colour is now required of what clients send'].sort(),
  );
});
