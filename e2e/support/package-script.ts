// The command a root package.json script runs, to start it as `pnpm <name>`
// would but as one process a test can signal (docs/decisions.md, "One
// process per script").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './env';

export function packageScript(name: string): [string, ...string[]] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const command = manifest.scripts?.[name];
  if (typeof command !== 'string') throw new Error(`package.json has no script "${name}"`);
  const [file, ...args] = command.split(' ');
  return [file as string, ...args];
}
