import type { DailyLoginResult } from '@gogo/shared/api';
import { utcDay } from '@gogo/shared/rules';
import * as daily from '@gogo/shared/api/endpoints/daily';
import { call } from '../../../lib/api/call';

/** POST /api/daily-login: the first call of a UTC day counts the day and credits the streak bonus. */
export function postDailyLogin(): Promise<DailyLoginResult> {
  return call(daily.dailyLogin);
}

// One call per player and UTC day from this page load, however often the game screen mounts
// (React StrictMode mounts twice; navigating away and back mounts again).
const calls = new Map<string, Promise<DailyLoginResult>>();

export function recordDailyLogin(userKey: string, now = Date.now()): Promise<DailyLoginResult> {
  const key = `${userKey}:${utcDay(now)}`;
  let call = calls.get(key);
  if (!call) {
    call = postDailyLogin();
    calls.set(key, call);
    call.catch(() => calls.delete(key)); // a failure may be retried on the next visit
  }
  return call;
}

/** For tests. */
export function resetDailyLoginCalls(): void {
  calls.clear();
}
