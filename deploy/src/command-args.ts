// App names as the commands accept them: the federation name (`remote_goals`)
// or the app's folder (`remote-goals`).

import {
  isReleaseApp,
  isReleaseVersion,
  RELEASE_APPS,
  type ReleaseApp,
} from '@stride/shared/releases';
import { HOST, REMOTES } from '@stride/shared/topology';
import { CommandError } from './errors';

/** The app's workspace folder, relative to the repository root. */
export function appDir(app: ReleaseApp): string {
  return app === HOST.name ? HOST.dir : REMOTES[app].dir;
}

export function parseApp(value: string | undefined): ReleaseApp {
  if (isReleaseApp(value)) return value;
  const byDir = RELEASE_APPS.find((app) => appDir(app) === value);
  if (byDir) return byDir;
  const known = RELEASE_APPS.join(', ');
  throw new CommandError(
    value
      ? `unknown app "${value}": use one of ${known} (or its folder name)`
      : `name an app: one of ${known}`,
  );
}

export function parseVersion(value: string | undefined): string {
  if (isReleaseVersion(value)) return value;
  throw new CommandError(
    value
      ? `"${value}" is not a release version (they look like 0.1.0-20261124.041500-abc1234)`
      : 'name a version (pnpm registry status lists them)',
  );
}
