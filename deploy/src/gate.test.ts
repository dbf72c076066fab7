import { describe, expect, it } from '@rstest/core';
import { checkRelease, type Neighbour } from './gate';
import { compatRecord, V1, V2 } from './test-support/store';

const live = (record: Neighbour['record']): Neighbour => ({ channel: 'live', record });
const host = (record = {}) => compatRecord('host', V1, record);
const goals = (record = {}) => compatRecord('remote_goals', V2, record);

describe('the release gate', () => {
  it('passes a remote whose needs the live host meets', () => {
    expect(checkRelease(goals(), [live(host())])).toEqual({ problems: [], warnings: [] });
  });

  it('refuses a remote that uses an export the live host does not provide, naming it', () => {
    const report = checkRelease(goals({ shared_needs: ['Button', 'useStreak', 'paths'] }), [
      live(host()),
    ]);
    expect(report.problems).toEqual([
      `remote_goals ${V2} uses @stride/shared exports that host ${V1} does not provide: useStreak (with the live host ${V1})`,
    ]);
  });

  it('refuses a host release that drops an export a live remote uses', () => {
    const report = checkRelease(host({ shared_provides: ['paths'] }), [live(goals())]);
    expect(report.problems).toEqual([
      `remote_goals ${V2} uses @stride/shared exports that host ${V1} does not provide: Button (beside the live remote_goals ${V2})`,
    ]);
  });

  it('checks against the host canary as well as the live host', () => {
    const canaryHost = compatRecord('host', V2, { shared_provides: ['paths'] });
    const report = checkRelease(goals(), [live(host()), { channel: 'canary', record: canaryHost }]);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toContain(`(with the canary host ${V2})`);
  });

  it('refuses a different major version of a singleton, and warns of a newer minor', () => {
    const major = checkRelease(goals({ singletons: { react: '20.0.0' } }), [live(host())]);
    expect(major.problems).toEqual([
      `react 20.0.0 in remote_goals ${V2} and 19.3.1 in host ${V1} are different major versions of a singleton (with the live host ${V1})`,
    ]);
    const minor = checkRelease(goals({ singletons: { react: '19.4.0' } }), [live(host())]);
    expect(minor.problems).toEqual([]);
    expect(minor.warnings).toEqual([
      `remote_goals ${V2} was built with react 19.4.0, newer than host ${V1}'s 19.3.1: it will run on the host's copy`,
    ]);
    const older = checkRelease(goals({ singletons: { react: '19.3.0' } }), [live(host())]);
    expect(older).toEqual({ problems: [], warnings: [] });
  });

  it('refuses a remote that shares a package whose context the host fills, when the host does not share it', () => {
    const shares = { react: '19.3.1', 'react-hook-form': '7.92.0', 'react-router-dom': '7.9.1' };
    const remoteFirst = checkRelease(goals({ singletons: shares }), [live(host())]);
    expect(remoteFirst.problems).toEqual([
      `remote_goals ${V2} shares react-router-dom, which host ${V1} does not: it would run a second copy of it (with the live host ${V1})`,
    ]);
    const hostFirst = checkRelease(host(), [live(goals({ singletons: shares }))]);
    expect(hostFirst.problems).toEqual([
      `remote_goals ${V2} shares react-router-dom, which host ${V1} does not: it would run a second copy of it (beside the live remote_goals ${V2})`,
    ]);
  });

  it('treats 0.x minors as majors, as semver ranges do', () => {
    const report = checkRelease(goals({ singletons: { zustand: '0.9.0' } }), [
      live(host({ singletons: { zustand: '0.8.1' } })),
    ]);
    expect(report.problems).toHaveLength(1);
  });

  it('refuses a remote that no longer exposes a page the host routes to', () => {
    const report = checkRelease(goals({ exposes: ['./TasksPage'] }), [live(host())]);
    expect(report.problems).toEqual([
      `host ${V1}'s routes load ./GoalsPage from remote_goals, which remote_goals ${V2} does not expose (with the live host ${V1})`,
    ]);
  });

  it('refuses a remote when no host is live, and records made before the gate', () => {
    expect(checkRelease(goals(), []).problems[0]).toMatch(/no live host/);
    const old = { app: 'host' as const, version: V1, exposes: [], singletons: {} };
    const report = checkRelease(goals(), [live(old)]);
    expect(report.problems.join('\n')).toMatch(/no record of the @stride\/shared exports/);
    expect(report.problems.join('\n')).toMatch(/no record of the pages its routes load/);
  });

  it('lets the first host release through: nothing runs beside it yet', () => {
    expect(checkRelease(host(), [])).toEqual({ problems: [], warnings: [] });
  });
});
