import { eventText, friendsRaceText, formatCount } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { formatCountdown } from '../../../lib/countdown';
import { messageForError } from '../../../lib/api/errors';
import { useFriendsRace } from '../api';

/** This week's race: the player and their friends by GOGO won, and the week's prize. */
export function FriendsRace({ now }: { now: number }) {
  const query = useFriendsRace(true);
  if (query.isError) return <Alert kind="error">{messageForError(query.error)}</Alert>;
  if (!query.data) return <p className="panel-sub">{friendsRaceText.title}…</p>;
  const race = query.data;
  return (
    <div className="friends-race">
      <p className="challenges-panel__meta">
        <span>{friendsRaceText.week}</span>
        <span>{eventText.endsIn(formatCountdown(Date.parse(race.endsAt) - now))}</span>
      </p>
      <p className="panel-sub">
        {race.eligible
          ? friendsRaceText.prize(eventText.prizeValue(race.prize.gogo, race.prize.dice))
          : friendsRaceText.needFriends(race.minPlayers)}
      </p>
      <ol className="event-standings friends-race__board" data-testid="friends-race">
        {race.entries.map((e) => (
          <li key={e.userId} className={e.me ? 'is-self' : undefined}>
            <span className="event-standings__rank">#{e.rank}</span>
            <span className="event-standings__name">
              {e.me ? `${e.username} (${friendsRaceText.you})` : e.username}
            </span>
            <span className="event-standings__score">{formatCount(e.score)} GOGO</span>
          </li>
        ))}
      </ol>
      {race.entries.length < 2 ? <p className="panel-sub">{friendsRaceText.empty}</p> : null}
    </div>
  );
}
