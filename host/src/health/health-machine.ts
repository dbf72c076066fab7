import { HEALTH_WARNING_THRESHOLD, type HealthStatus, MESSAGES } from '@stride/shared';

/** What one health check found: an answer (maybe with sick services) or no answer at all. */
export type HealthObservation = { kind: 'answer'; health: HealthStatus } | { kind: 'unreachable' };

export interface HealthState {
  consecutiveFailures: number;
  warned: boolean;
  last: HealthStatus | null;
}

export const initialHealthState: HealthState = {
  consecutiveFailures: 0,
  warned: false,
  last: null,
};

function hasUnhealthyService(health: HealthStatus): boolean {
  return (
    health.checks.database.status === 'unhealthy' || health.checks.cache.status === 'unhealthy'
  );
}

/**
 * Spec §4: a failure (a sick database or cache, or a failed call) counts up;
 * a check with no unhealthy service resets the count and the warning. At the
 * threshold the warning is due once, until a recovery re-arms it.
 */
export function nextHealthState(
  state: HealthState,
  observation: HealthObservation,
): { state: HealthState; warning: string | null } {
  if (observation.kind === 'answer' && !hasUnhealthyService(observation.health)) {
    return {
      state: { consecutiveFailures: 0, warned: false, last: observation.health },
      warning: null,
    };
  }
  const consecutiveFailures = state.consecutiveFailures + 1;
  const last = observation.kind === 'answer' ? observation.health : state.last;
  const due = !state.warned && consecutiveFailures >= HEALTH_WARNING_THRESHOLD;
  const warning = due
    ? observation.kind === 'answer'
      ? MESSAGES.healthServicesIssues
      : MESSAGES.healthUnreachable
    : null;
  return { state: { consecutiveFailures, warned: state.warned || due, last }, warning };
}
