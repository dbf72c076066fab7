import { beforeEach, describe, expect, it } from '@rstest/core';
import {
  type FinishedLoad,
  loadSettled,
  loadStarted,
  onFinishedLoad,
  pageFailed,
  pageRendered,
  phaseFailed,
  resetRemoteLoads,
  settleUnrendered,
  sharedFailed,
} from './remote-loads';

const ID = 'remote_goals/GoalsPage';
let clock = 0;
let seen: FinishedLoad[] = [];

beforeEach(() => {
  clock = 1_000;
  resetRemoteLoads(() => clock);
  seen = [];
  onFinishedLoad((load) => seen.push(load));
});

describe('a remote load', () => {
  it('is ok once its page renders, timed from the first hook', () => {
    loadStarted(ID);
    clock += 120;
    loadSettled(ID, false);
    expect(seen).toEqual([]);
    clock += 30;
    pageRendered(ID);
    expect(seen).toEqual([{ app: 'remote_goals', outcome: 'ok', durationMs: 150 }]);
  });

  it('counts once: a later render or error of the same page is not a load', () => {
    loadStarted(ID);
    loadSettled(ID, false);
    pageRendered(ID);
    pageRendered(ID);
    pageFailed(ID);
    expect(seen).toHaveLength(1);
  });

  it('fails at the manifest when a hook saw the manifest fail', () => {
    loadStarted(ID);
    phaseFailed(ID, 'manifest');
    clock += 900;
    loadSettled(ID, true);
    // The fallback page renders afterwards: the load has already ended.
    pageRendered(ID);
    expect(seen).toEqual([
      { app: 'remote_goals', outcome: 'error', phase: 'manifest', durationMs: 900 },
    ]);
  });

  it('fails at the entry when the runtime gave up with no phase named', () => {
    loadStarted(ID);
    loadSettled(ID, true);
    expect(seen[0]).toMatchObject({ outcome: 'error', phase: 'entry' });
  });

  it('fails at shared when a shared module failed while it was loading', () => {
    loadStarted(ID);
    loadStarted('remote_tasks/TasksPage');
    sharedFailed();
    loadSettled(ID, true);
    loadSettled('remote_tasks/TasksPage', true);
    expect(seen.map((load) => load.phase)).toEqual(['shared', 'shared']);
  });

  it('keeps the first failed phase', () => {
    loadStarted(ID);
    phaseFailed(ID, 'manifest');
    sharedFailed();
    loadSettled(ID, true);
    expect(seen[0]?.phase).toBe('manifest');
  });

  it('fails at render when the page throws on its first render', () => {
    loadStarted(ID);
    loadSettled(ID, false);
    pageFailed(ID);
    expect(seen[0]).toMatchObject({ outcome: 'error', phase: 'render' });
  });

  it('counts a loaded page the user left before it rendered as ok; one still fetching is not counted', () => {
    loadStarted(ID);
    loadSettled(ID, false);
    loadStarted('remote_tasks/TasksPage');
    settleUnrendered();
    expect(seen).toEqual([{ app: 'remote_goals', outcome: 'ok', durationMs: 0 }]);
  });

  it('keeps loads that end before anyone listens, and hands them over on subscribe', () => {
    resetRemoteLoads(() => clock);
    loadStarted(ID);
    loadSettled(ID, true);
    const late: FinishedLoad[] = [];
    onFinishedLoad((load) => late.push(load));
    expect(late).toHaveLength(1);
  });
});
