const check = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['healthy', 'unhealthy', 'unknown'] } },
} as const;

const body = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string', enum: ['healthy', 'degraded', 'unhealthy'] },
    checks: {
      type: 'object',
      required: ['database', 'cache'],
      properties: { database: check, cache: check },
    },
  },
} as const;

export const healthSchema = {
  tags: ['health'],
  summary: '200 when healthy or degraded, 503 when unhealthy; the body always',
  response: { 200: body, 503: body },
} as const;
