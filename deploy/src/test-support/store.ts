// A release store in a temporary folder, with fake published releases: the
// commands only read release.json's presence, so no build is needed here.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const V1 = '0.1.0-20261120.100000-aaaaaaa';
export const V2 = '0.1.0-20261121.100000-bbbbbbb';
export const V3 = '0.1.0-20261122.100000-ccccccc';

export function tempStore(): string {
  return mkdtempSync(join(tmpdir(), 'stride-store-'));
}

export function publish(store: string, app: string, version: string): void {
  const dir = join(store, app, version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'release.json'), JSON.stringify({ app, version }));
  writeFileSync(join(dir, 'mf-manifest.json'), '{}');
}
