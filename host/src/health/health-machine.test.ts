import { describe, expect, it } from '@rstest/core';
import { HEALTH_WARNING_THRESHOLD, type HealthStatus, MESSAGES } from '@stride/shared';
import { type HealthObservation, initialHealthState, nextHealthState } from './health-machine';

const health = (
  database: 'healthy' | 'unhealthy',
  cache: 'healthy' | 'unhealthy' | 'unknown' = 'healthy',
): HealthObservation => ({
  kind: 'answer',
  health: {
    status: database === 'unhealthy' ? 'unhealthy' : cache === 'unhealthy' ? 'degraded' : 'healthy',
    checks: { database: { status: database }, cache: { status: cache } },
  } as HealthStatus,
});
const unreachable: HealthObservation = { kind: 'unreachable' };

function run(observations: HealthObservation[]) {
  let state = initialHealthState;
  const warnings: (string | null)[] = [];
  for (const observation of observations) {
    const next = nextHealthState(state, observation);
    state = next.state;
    warnings.push(next.warning);
  }
  return { state, warnings };
}

describe('health state machine', () => {
  it('warns once, at the fifth consecutive failure, with the services message', () => {
    const { state, warnings } = run(Array(7).fill(health('unhealthy')));
    expect(warnings).toEqual([null, null, null, null, MESSAGES.healthServicesIssues, null, null]);
    expect(state).toMatchObject({ consecutiveFailures: 7, warned: true });
    expect(HEALTH_WARNING_THRESHOLD).toBe(5);
  });

  it('uses the unreachable message when the fifth failure is a failed call', () => {
    const { warnings } = run([
      health('unhealthy'),
      unreachable,
      unreachable,
      health('healthy', 'unhealthy'),
      unreachable,
    ]);
    expect(warnings.at(-1)).toBe(MESSAGES.healthUnreachable);
  });

  it('counts a sick cache as a failure, but not an unknown one', () => {
    expect(run([health('healthy', 'unhealthy')]).state.consecutiveFailures).toBe(1);
    expect(run([health('healthy', 'unknown')]).state.consecutiveFailures).toBe(0);
  });

  it('resets on a check with no unhealthy service, and warns again after five more', () => {
    const failures = Array(5).fill(unreachable);
    const { warnings, state } = run([...failures, health('healthy'), ...failures]);
    expect(warnings.filter(Boolean)).toEqual([
      MESSAGES.healthUnreachable,
      MESSAGES.healthUnreachable,
    ]);
    expect(warnings[5]).toBeNull();
    expect(state.consecutiveFailures).toBe(5);
  });

  it('does not warn when failures are interrupted by a recovery', () => {
    const { warnings } = run([
      unreachable,
      unreachable,
      unreachable,
      unreachable,
      health('healthy'),
      unreachable,
    ]);
    expect(warnings.every((w) => w === null)).toBe(true);
  });
});
