import type { HealthStatus } from '../types';
import { apiRequest } from './client';

/**
 * GET {api}/health/. A 503 still carries the health body (docs/architecture.md §4), so
 * it is an answer ("services have issues"), not a failure; only a call that
 * gets no readable answer throws ("unreachable").
 */
export function fetchHealth(signal?: AbortSignal): Promise<HealthStatus> {
  return apiRequest<HealthStatus>('/health/', { signal, acceptStatuses: [503] });
}
