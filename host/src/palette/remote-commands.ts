import { loadRemote } from '@module-federation/enhanced/runtime';
import type { CommandSource } from '@stride/shared';
import { logError } from '@stride/shared';
import { REMOTES, type RemoteName } from '@stride/shared/topology';
import { resetRemote } from '../remotes/remote-loader';
import { pageRendered } from '../telemetry/remote-loads';

/** A failed load is tried once more, afresh, after this pause. */
const RETRY_MS = 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The remotes that expose `./commands` (@stride/shared/topology says which). */
const WITH_COMMANDS = (Object.keys(REMOTES) as RemoteName[]).filter(
  (name) => REMOTES[name].commands,
);

const isSource = (value: unknown): value is CommandSource =>
  typeof value === 'object' && value !== null && Array.isArray((value as CommandSource).commands);

const loaded = new Map<RemoteName, Promise<CommandSource | null>>();

async function readSource(remote: RemoteName): Promise<CommandSource> {
  const id = `${remote}/commands`;
  const module = await loadRemote<{ default?: unknown }>(id);
  const candidate = module?.default;
  // A remote that is down answers with the fallback module: no commands.
  if (!isSource(candidate)) throw new Error(`${id} is not a command source`);
  // The commands are in the palette: for telemetry, the load succeeded.
  pageRendered(id);
  return candidate;
}

function loadSource(remote: RemoteName): Promise<CommandSource | null> {
  let source = loaded.get(remote);
  if (!source) {
    source = readSource(remote)
      // One more try from a clean slate: a blip should not cost a palette its commands.
      .catch(async () => {
        await pause(RETRY_MS);
        resetRemote(remote);
        return readSource(remote);
      })
      .catch((error: unknown) => {
        logError(`The commands of ${remote} did not load`, error);
        loaded.delete(remote);
        return null;
      });
    loaded.set(remote, source);
  }
  return source;
}

/**
 * Each remote's command source, as each arrives: `onSource` is called once
 * per remote that loads. A remote that is down is simply left out (and
 * tried again the next time the palette opens). Settles when every remote
 * has arrived or been left out.
 */
export async function loadCommandSources(onSource: (source: CommandSource) => void): Promise<void> {
  await Promise.all(
    WITH_COMMANDS.map((remote) =>
      loadSource(remote).then((source) => {
        if (source) onSource(source);
      }),
    ),
  );
}
