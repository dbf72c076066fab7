#!/usr/bin/env node
// Prints the host page's security headers (Content-Security-Policy, …) for a
// deployment, as the nginx recipe's ${HOST_SECURITY_HEADERS} lines:
// `node scripts/page-headers.mjs <app-config.json>` (`--plain` for `Name: value`).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { nginxAddHeaders, pageSecurityHeaders } from '@stride/shared/page-headers';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { plain: { type: 'boolean', default: false } },
});
const [file] = positionals;
if (!file) {
  console.error('usage: node scripts/page-headers.mjs <app-config.json> [--plain]');
  process.exit(2);
}
try {
  const headers = pageSecurityHeaders(JSON.parse(readFileSync(file, 'utf8')));
  console.log(
    values.plain
      ? Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n')
      : nginxAddHeaders(headers),
  );
} catch (error) {
  console.error(`page-headers: ${file}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
