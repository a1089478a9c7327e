import type { Health } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';

/** GET /api/health: is the server reachable? */
export function fetchHealth(signal?: AbortSignal): Promise<Health> {
  return api.get<Health>('/health', { signal, timeoutMs: 5000 });
}
