import { describe, expect, it } from '@rstest/core';
import { checkRelease, GATE_CODES, type GateFinding, type Neighbour } from './gate';
import { compatRecord, V1, V2 } from './test-support/store';

const live = (record: Neighbour['record']): Neighbour => ({ channel: 'live', record });
const host = (record = {}) => compatRecord('host', V1, record);
const goals = (record = {}) => compatRecord('remote_goals', V2, record);

/** The codes found, each with the names it must mention (what broke, beside what). */
const codesOf = (findings: GateFinding[]) => findings.map((finding) => finding.code);
const finding = (code: string, ...mentions: string[]) =>
  expect.objectContaining({
    code,
    message: expect.stringMatching(
      new RegExp(mentions.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')),
    ),
  });

describe('the release gate', () => {
  it('passes a remote whose needs the live host meets', () => {
    expect(checkRelease(goals(), [live(host())])).toEqual({ problems: [], warnings: [] });
  });

  it('refuses a remote that uses an export the live host does not provide, naming it', () => {
    const report = checkRelease(goals({ shared_needs: ['Button', 'useStreak', 'paths'] }), [
      live(host()),
    ]);
    expect(report.problems).toEqual([
      finding(GATE_CODES.sharedExportMissing, 'useStreak', `live host ${V1}`),
    ]);
  });

  it('refuses a host release that drops an export a live remote uses', () => {
    const report = checkRelease(host({ shared_provides: ['paths'] }), [live(goals())]);
    expect(report.problems).toEqual([
      finding(GATE_CODES.sharedExportMissing, 'Button', `live remote_goals ${V2}`),
    ]);
  });

  it('checks against the host canary as well as the live host', () => {
    const canaryHost = compatRecord('host', V2, { shared_provides: ['paths'] });
    const report = checkRelease(goals(), [live(host()), { channel: 'canary', record: canaryHost }]);
    expect(report.problems).toEqual([finding(GATE_CODES.sharedExportMissing, `canary host ${V2}`)]);
  });

  it('refuses a different major version of a singleton, and warns of a newer minor', () => {
    const major = checkRelease(goals({ singletons: { react: '20.0.0' } }), [live(host())]);
    expect(major.problems).toEqual([
      finding(GATE_CODES.singletonMajorDiffers, 'react 20.0.0', '19.3.1'),
    ]);
    const minor = checkRelease(goals({ singletons: { react: '19.4.0' } }), [live(host())]);
    expect(minor.problems).toEqual([]);
    expect(minor.warnings).toEqual([
      finding(GATE_CODES.singletonNewerInRemote, 'react 19.4.0', '19.3.1'),
    ]);
    const older = checkRelease(goals({ singletons: { react: '19.3.0' } }), [live(host())]);
    expect(older).toEqual({ problems: [], warnings: [] });
  });

  it('refuses a remote that shares a package whose context the host fills, when the host does not share it', () => {
    const shares = { react: '19.3.1', 'react-hook-form': '7.92.0', 'react-router-dom': '7.9.1' };
    const remoteFirst = checkRelease(goals({ singletons: shares }), [live(host())]);
    expect(remoteFirst.problems).toEqual([
      finding(GATE_CODES.secondContextCopy, 'react-router-dom', `live host ${V1}`),
    ]);
    const hostFirst = checkRelease(host(), [live(goals({ singletons: shares }))]);
    expect(hostFirst.problems).toEqual([
      finding(GATE_CODES.secondContextCopy, 'react-router-dom', `live remote_goals ${V2}`),
    ]);
  });

  it('treats 0.x minors as majors, as semver ranges do', () => {
    const report = checkRelease(goals({ singletons: { zustand: '0.9.0' } }), [
      live(host({ singletons: { zustand: '0.8.1' } })),
    ]);
    expect(codesOf(report.problems)).toEqual([GATE_CODES.singletonMajorDiffers]);
  });

  it('refuses a remote that no longer exposes a page the host routes to', () => {
    const report = checkRelease(goals({ exposes: ['./TasksPage'] }), [live(host())]);
    expect(report.problems).toEqual([finding(GATE_CODES.routePageMissing, './GoalsPage')]);
  });

  it('refuses a remote when no host is live, and records made before the gate', () => {
    expect(codesOf(checkRelease(goals(), []).problems)).toEqual([GATE_CODES.noLiveHost]);
    const old = { app: 'host' as const, version: V1, exposes: [], singletons: {} };
    const report = checkRelease(goals(), [live(old)]);
    expect(codesOf(report.problems)).toEqual([
      GATE_CODES.hostExportsUnrecorded,
      GATE_CODES.secondContextCopy, // the old record shares nothing
      GATE_CODES.hostRoutesUnrecorded,
    ]);
  });

  it('lets the first host release through: nothing runs beside it yet', () => {
    expect(checkRelease(host(), [])).toEqual({ problems: [], warnings: [] });
  });

  it('keeps its codes: scripts match them, so a code is never renumbered or reused', () => {
    expect(Object.values(GATE_CODES)).toEqual([
      'GATE-001',
      'GATE-002',
      'GATE-003',
      'GATE-004',
      'GATE-005',
      'GATE-006',
      'GATE-007',
      'GATE-008',
      'GATE-W01',
    ]);
  });
});
