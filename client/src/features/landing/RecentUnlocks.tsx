import { realtimeText } from '@gogo/shared/messages';
import { useRecentAchievements } from '../../lib/realtime/queries';
import { formatTimeAgo } from '@gogo/shared/rules';
import './RecentUnlocks.css';

/**
 * The newest achievements of any player, for signed-in visitors (the feed needs a player token):
 * pushed by the realtime socket as they are unlocked, polled without it.
 */
export function RecentUnlocks() {
  const feed = useRecentAchievements(true);
  if (!feed.data) return null;
  return (
    <div className="recent-unlocks" data-testid="recent-unlocks">
      <h3 className="recent-unlocks__title">{realtimeText.recentUnlocksTitle}</h3>
      {feed.data.length === 0 ? (
        <p className="recent-unlocks__empty">{realtimeText.recentUnlocksEmpty}</p>
      ) : (
        <ul className="recent-unlocks__list" aria-live="polite">
          {feed.data.map((a) => (
            <li key={`${a.userId}-${a.achievementId}-${a.unlockedAt}`}>
              <span>{realtimeText.recentUnlock(a.username, a.name)}</span>
              <time dateTime={a.unlockedAt}>{formatTimeAgo(Date.now() - Date.parse(a.unlockedAt))}</time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
