import type { ReactNode } from 'react';
import type { PlayerEventDto } from '@gogo/shared/api';
import { eventText } from '@gogo/shared/messages';
import { formatCountdown } from '../lib/countdown';
import './EventCard.css';

/** What a card shows of an event (the player's list entry; the back office previews one). */
export type EventCardData = Pick<
  PlayerEventDto,
  'name' | 'metric' | 'startsAt' | 'endsAt' | 'status' | 'joined' | 'myScore' | 'myRank' | 'entrants' | 'prizes'
>;

/**
 * One event: its status and countdown, the player's live rank and score, and the prizes by rank
 * range. `action` holds the join button (or the back office's note); `children` the standings.
 */
export function EventCard({
  event,
  now,
  action,
  children,
}: {
  event: EventCardData;
  now: number;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const countdown =
    event.status === 'live'
      ? eventText.endsIn(formatCountdown(Date.parse(event.endsAt) - now))
      : event.status === 'upcoming'
        ? eventText.startsIn(formatCountdown(Date.parse(event.startsAt) - now))
        : eventText.endedAgo;
  return (
    <article className={`event-card event-card--${event.status}`} data-testid="event-card" data-status={event.status}>
      <header className="event-card__head">
        <span className={`event-card__status event-card__status--${event.status}`}>{eventText[event.status]}</span>
        <span className="event-card__countdown" data-testid="event-countdown">
          {countdown}
        </span>
      </header>
      <h3 className="event-card__name">{event.name}</h3>
      <p className="event-card__metric">
        {eventText.metric[event.metric]} · {eventText.entrants(event.entrants)}
      </p>
      {event.joined ? (
        <p className="event-card__standing" data-testid="event-standing" aria-live="polite">
          <strong data-testid="event-rank">
            {event.myRank !== null && (event.myScore ?? 0) > 0
              ? eventText.yourRank(event.myRank, event.entrants)
              : eventText.notRanked}
          </strong>
          <span data-testid="event-score">{eventText.score(event.myScore ?? 0)}</span>
        </p>
      ) : null}
      {event.prizes.length > 0 ? (
        <div className="event-card__prizes">
          <h4>{eventText.prizesTitle}</h4>
          <ul>
            {event.prizes.map((p) => (
              <li key={p.fromRank}>
                <span>{eventText.rankRange(p.fromRank, p.toRank)}</span>
                <span>{eventText.prizeValue(p.gogo, p.dice)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {children}
      {action ? <div className="event-card__action">{action}</div> : null}
    </article>
  );
}
