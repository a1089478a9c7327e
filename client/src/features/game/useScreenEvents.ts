import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { gameScreenText } from '@gogo/shared/messages/game';
import { recordDailyLogin } from './api/dailyLogin';
import { gameKeys } from './api/keys';
import type { ToastSpec } from './outcome';

/** Window events other parts of the app (or the console) can send to the game screen. */
export const OPEN_SETTINGS_EVENT = 'game:openSettings';
export const OPEN_LEADERBOARD_EVENT = 'game:openLeaderboard';

export function useWindowOpeners(openSettings: () => void, openLeaderboard: () => void) {
  useEffect(() => {
    window.addEventListener(OPEN_SETTINGS_EVENT, openSettings);
    window.addEventListener(OPEN_LEADERBOARD_EVENT, openLeaderboard);
    return () => {
      window.removeEventListener(OPEN_SETTINGS_EVENT, openSettings);
      window.removeEventListener(OPEN_LEADERBOARD_EVENT, openLeaderboard);
    };
  }, [openSettings, openLeaderboard]);
}

/** Where today's daily login stands on this screen: 'counted' when this visit counted the day. */
export type DailyLoginStatus = 'pending' | 'counted' | 'already' | 'failed';

/** Daily login: once per UTC day, a toast when the server counted it. */
export function useDailyLogin(
  userKey: string | null,
  queryClient: QueryClient,
  pushToast: (toast: ToastSpec) => void,
  reportError: (error: unknown) => void,
) {
  const [status, setStatus] = useState<DailyLoginStatus>('pending');
  useEffect(() => {
    if (!userKey) return;
    let active = true;
    recordDailyLogin(userKey).then(
      (login) => {
        if (!active) return;
        setStatus(login.counted ? 'counted' : 'already');
        if (!login.counted) return;
        // The first state request may have left before the login counted and still be on its way:
        // invalidating returns that very request, so invalidate again once it is back.
        void queryClient
          .invalidateQueries({ queryKey: gameKeys.state() })
          .then(() => queryClient.invalidateQueries({ queryKey: gameKeys.state() }));
        pushToast({
          kind: 'daily',
          title: gameScreenText.toasts.loginStreak(login.consecutiveDays),
          body: gameScreenText.toasts.loginBonus(login.bonus, login.nextMilestone?.days ?? null),
        });
      },
      (error: unknown) => {
        if (active) setStatus('failed');
        reportError(error);
      },
    );
    return () => {
      active = false;
    };
  }, [userKey, queryClient, pushToast, reportError]);
  return status;
}
