import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from './schema-helpers';

export const ServiceStatusSchema = StringEnum(['healthy', 'unhealthy', 'unknown'] as const);
export type ServiceStatus = Static<typeof ServiceStatusSchema>;
export const OverallHealthSchema = StringEnum(['healthy', 'degraded', 'unhealthy'] as const);
export type OverallHealth = Static<typeof OverallHealthSchema>;

const check = Type.Object({ status: ServiceStatusSchema });
export const HealthSchema = Type.Object({
  status: OverallHealthSchema,
  checks: Type.Object({ database: check, cache: check }),
});
export type HealthStatus = Static<typeof HealthSchema>;
