import { HOST, REMOTES, type RemoteName } from '../topology';

/** Every app that is released on its own: the host and the four remotes, by federation name. */
export type ReleaseApp = typeof HOST.name | RemoteName;

export const RELEASE_APPS: readonly ReleaseApp[] = [
  HOST.name,
  ...(Object.keys(REMOTES) as RemoteName[]),
];

export function isReleaseApp(value: unknown): value is ReleaseApp {
  return typeof value === 'string' && (RELEASE_APPS as readonly string[]).includes(value);
}

export function isRemoteApp(app: ReleaseApp): app is RemoteName {
  return app !== HOST.name;
}
