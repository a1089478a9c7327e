import * as health from '@gogo/shared/api/endpoints/health';
import { call } from '../../../lib/api/call';

/** GET /api/health: is the server reachable? */
export const fetchHealth = (signal?: AbortSignal) => call(health.health, { signal, timeoutMs: 5000 });
