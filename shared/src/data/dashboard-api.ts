import { apiRequest } from '../api/client';
import type { DashboardSummary } from './types';

export const dashboardApi = {
  get: (signal?: AbortSignal) => apiRequest<DashboardSummary>('/dashboard/', { signal }),
};
