// `pnpm release <app>`: build the app and publish it as an immutable release
// in the release store (docs/architecture.md §9). The build's output goes to stderr; the
// last line on stdout is the version, for scripts:
//   version=$(pnpm --silent release remote_goals | tail -n 1)
import { pathToFileURL } from 'node:url';
import { parseApp } from '../command-args';
import { CommandError } from '../errors';
import { publishRelease } from '../release';
import { releaseStoreDir } from '../store';

const USAGE = `Usage: pnpm release <app>
<app>: host, remote_auth, remote_dashboard, remote_goals, remote_tasks (or the folder name).`;

async function main(argv: string[]): Promise<number> {
  const [name, ...extra] = argv;
  if (name === '--help' || name === '-h') {
    console.log(USAGE);
    return 0;
  }
  try {
    const app = parseApp(name);
    if (extra.length > 0) throw new CommandError(`unexpected argument "${extra[0]}"`);
    const store = releaseStoreDir(process.env);
    const started = Date.now();
    console.log(`release: building ${app} for ${store}…`);
    const version = await publishRelease({
      app,
      store,
      env: process.env,
      log: (chunk) => process.stderr.write(chunk),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`release: published ${app} ${version} in ${seconds} s`);
    console.log(`release: make it live with: pnpm registry promote ${app} ${version}`);
    console.log(version);
    return 0;
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    console.error(`release: ${error.message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
