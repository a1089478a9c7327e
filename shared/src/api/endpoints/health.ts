import { endpoint } from '../endpoint.js';
import { HealthResponse, ReadyResponse } from '../health.js';

// Liveness and readiness, for load balancers and orchestrators.

export const health = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/health',
  auth: 'none',
  tags: ['health'],
  summary: 'Liveness: the process answers (no database check)',
  response: HealthResponse,
  errors: [],
});

export const ready = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/ready',
  auth: 'none',
  tags: ['health'],
  summary: 'Readiness: the database answers (503 SERVICE_UNAVAILABLE when it does not)',
  response: ReadyResponse,
  errors: [503],
});
