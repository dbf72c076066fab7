import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { dehydrate, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import { json, stubFetch, testQueryClient, testTask } from '../test-utils';
import { notify } from '../ui/toasts/notify';
import { TASK_COPY } from './hooks/tasks/task-copy';
import { createTaskKey } from './hooks/tasks/use-create-task';
import { updateTaskKey } from './hooks/tasks/use-update-task';
import { registerOfflineWrites, sendRestoredWrites } from './offline-writes';

let client: QueryClient;
const task = testTask('t-1');

beforeEach(() => {
  rs.spyOn(notify, 'error').mockReturnValue('');
});

afterEach(() => {
  onlineManager.setOnline(true);
  rs.unstubAllGlobals();
  rs.restoreAllMocks();
});

/** Writes made offline in one page, saved, and put back in a new page's client. */
async function writesMadeOffline(...writes: { key: readonly unknown[]; variables: unknown }[]) {
  onlineManager.setOnline(false);
  const before = testQueryClient();
  registerOfflineWrites(before);
  for (const write of writes) {
    void before
      .getMutationCache()
      .build(before, { mutationKey: write.key })
      .execute(write.variables)
      .catch(() => {});
  }
  await expect
    .poll(
      () =>
        before
          .getMutationCache()
          .getAll()
          .filter((write) => write.state.isPaused).length,
    )
    .toBe(writes.length);
  const saved = JSON.parse(JSON.stringify(dehydrate(before)));
  client = testQueryClient();
  registerOfflineWrites(client);
  hydrate(client, saved);
}

describe('writes made offline', () => {
  it('are saved while they wait, and sent in order by the next page once online', async () => {
    await writesMadeOffline(
      { key: createTaskKey, variables: { title: 'Call the campsite' } },
      { key: updateTaskKey, variables: { id: task.id, patch: { status: 'done', version: 3 } } },
    );
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((write) => write.state.isPaused),
    ).toEqual([true, true]);
    const { calls } = stubFetch(
      json({ task: { ...task, id: 't-new', title: 'Call the campsite' } }, 201),
      json({ task: { ...task, status: 'done', version: 4 } }),
    );
    onlineManager.setOnline(true);
    await sendRestoredWrites(client);
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      'POST /api/tasks/',
      `PATCH /api/tasks/${task.id}/`,
    ]);
    expect(JSON.parse(String(calls[1]?.body))).toEqual({ status: 'done', version: 3 });
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((write) => write.state.status),
    ).toEqual(['success', 'success']);
  });

  it('meet the conflict rule: a task changed elsewhere meanwhile is not overwritten, and the user is told', async () => {
    await writesMadeOffline({
      key: updateTaskKey,
      variables: { id: task.id, patch: { title: 'Offline title', version: 3 } },
    });
    const current = { ...task, title: 'Changed elsewhere', version: 5 };
    stubFetch(json({ error: 'Changed elsewhere', code: 'version_conflict', current }, 409));
    onlineManager.setOnline(true);
    await sendRestoredWrites(client);
    expect(notify.error).toHaveBeenCalledWith(TASK_COPY.conflict);
    expect(client.getMutationCache().getAll()[0]?.state.status).toBe('error');
  });
});
