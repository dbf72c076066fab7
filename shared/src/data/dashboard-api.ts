import { apiRequest } from '../api/client';
import { API_PATHS } from '../paths';
import type { DashboardSummary } from './types';

export const dashboardApi = {
  get: (signal?: AbortSignal) => apiRequest<DashboardSummary>(API_PATHS.dashboard, { signal }),
};
