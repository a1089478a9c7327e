import type { PlayerEventDto } from '@gogo/shared/api';
import { eventText, formatCount } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { EventCard } from '../../../components/EventCard';
import { messageForError } from '../../../lib/api/errors';
import { useEventBoard, useJoinEvent } from '../api';
import { RemindButton } from './RemindButton';

function Standings({ event }: { event: PlayerEventDto }) {
  const board = useEventBoard(event.id, event.joined && event.status !== 'upcoming');
  if (!board.data || board.data.entries.length === 0) return null;
  return (
    <ol className="event-standings" aria-label={eventText.leaderboardTitle} data-testid="event-standings">
      {board.data.entries.map((e) => (
        <li key={e.rank} className={board.data.me?.rank === e.rank ? 'is-self' : undefined}>
          <span className="event-standings__rank">#{e.rank}</span>
          <span className="event-standings__name">{e.username}</span>
          <span className="event-standings__score">{formatCount(e.score)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The events tab: live, upcoming and recently ended events, each a card with its join button. */
export function EventsList({
  events,
  now,
  error,
}: {
  events: PlayerEventDto[] | undefined;
  now: number;
  error: unknown;
}) {
  const join = useJoinEvent();
  if (error) return <Alert kind="error">{messageForError(error)}</Alert>;
  if (!events) return <p className="panel-sub">{eventText.loading}</p>;
  if (events.length === 0) return <p className="panel-sub">{eventText.noEvents}</p>;
  return (
    <div className="events-list">
      {join.isError ? <Alert kind="error">{messageForError(join.error)}</Alert> : null}
      {events.map((event) => (
        <EventCard
          key={event.id}
          event={event}
          now={now}
          action={
            event.status === 'live' && !event.joined ? (
              <>
                <p className="event-card__join-note" data-testid="event-join-note">
                  {eventText.joinFirst(event.metric)}
                </p>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={join.isPending}
                  onClick={() => join.mutate(event.id)}
                >
                  {eventText.join}
                </button>
              </>
            ) : event.status === 'upcoming' ? (
              <RemindButton event={event} />
            ) : null
          }
        >
          {event.joined ? <Standings event={event} /> : null}
        </EventCard>
      ))}
    </div>
  );
}
