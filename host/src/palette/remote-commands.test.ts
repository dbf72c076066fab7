import { describe, expect, it, rs } from '@rstest/core';
import { type CommandSource, setRuntimeConfig } from '@stride/shared';
import { loadCommandSources } from './remote-commands';

const tasks: CommandSource = {
  commands: [{ id: 'tasks.new', label: 'New task', group: 'Tasks', run: () => undefined }],
};
let tasksCalls = 0;

// The tasks remote fails once (a blip), then answers; the goals remote is down.
rs.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: rs.fn(),
  loadRemote: rs.fn(async (id: string) => {
    if (id === 'remote_tasks/commands' && ++tasksCalls > 1) return { default: tasks };
    throw new Error(`${id} did not load`);
  }),
}));
rs.mock('../telemetry/remote-loads', () => ({ pageRendered: rs.fn() }));

describe('loadCommandSources', () => {
  it('tries a failed remote once more, afresh, and leaves out one that stays down', async () => {
    setRuntimeConfig({
      apiBase: 'http://api.example/api',
      remotes: {
        remote_tasks: 'http://tasks.example/mf-manifest.json',
        remote_goals: 'http://goals.example/mf-manifest.json',
      },
    });
    const arrived: CommandSource[] = [];
    await loadCommandSources((source) => arrived.push(source));
    expect(arrived).toEqual([tasks]);
    expect(tasksCalls).toBe(2);
  });
});
