// Rewrites the API's environment table in the READMEs from the schema
// (src/config-docs.ts). Run after changing src/config-schema.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_FILES, withCurrentTable } from '../src/config-docs.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

for (const file of TABLE_FILES) {
  const where = path.join(REPO, file);
  const before = readFileSync(where, 'utf8');
  const after = withCurrentTable(before, file);
  if (after !== before) writeFileSync(where, after);
  console.log(`${file}: ${after === before ? 'already current' : 'table rewritten'}`);
}
