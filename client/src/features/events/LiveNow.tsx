import './liveNow.css';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { challengeText, eventText, liveNowText } from '@gogo/shared/messages';
import { Icon } from '../../components/Icon';
import { appIcons } from '../../components/appIcons';
import { messageForError } from '../../lib/api/errors';
import { formatCountdown } from '../../lib/countdown';
import { eventsKeys, useChallenges, useEvents, useJoinEvent } from './api';
import { pickLiveNow, share } from './liveNow';
import { openEventsHub } from './openHub';

/**
 * The game screen's "live now" row (phones, in the band under the tile strip): the live event to
 * join, with a one-tap Join, or the player's standing in the one they joined, else the day's
 * challenge nearest to done. It reads what the events hub reads and shows nothing when nothing is
 * live. `rolls` is the player's roll count as the screen shows it: when a roll's reward lands, the
 * events and challenges are read again, as the hub's socket pushes would.
 */
export default function LiveNow({ rolls }: { rolls: number | null }) {
  const client = useQueryClient();
  const events = useEvents();
  const challenges = useChallenges();
  const join = useJoinEvent();
  const seenRolls = useRef(rolls);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (rolls === null || seenRolls.current === rolls) return;
    const first = seenRolls.current === null;
    seenRolls.current = rolls;
    if (first) return;
    void client.invalidateQueries({ queryKey: eventsKeys.list() });
    void client.invalidateQueries({ queryKey: eventsKeys.challenges() });
  }, [rolls, client]);

  const pick = pickLiveNow(events.data, challenges.data?.challenges);
  if (!pick) return null;

  if (pick.kind === 'challenge') {
    const c = pick.challenge;
    const done = c.completed;
    return (
      <div className="live-now" data-testid="live-now" data-kind="challenge">
        <button
          type="button"
          className="live-now__main"
          onClick={() => openEventsHub('challenges')}
          aria-label={liveNowText.openHub(c.title)}
        >
          <Icon name="star" size={20} className="live-now__icon" />
          <span className="live-now__text">
            <span className="live-now__title">
              <span className="live-now__tag live-now__tag--today">{liveNowText.challengeTag}</span>
              <span className="live-now__name">{c.title}</span>
            </span>
            {done ? (
              <span className="live-now__sub">{liveNowText.claimReady}</span>
            ) : (
              <span className="live-now__bar" aria-hidden="true">
                <span style={{ width: `${Math.round(share(c) * 100)}%` }} />
              </span>
            )}
          </span>
          <span className="live-now__figure">
            {done ? challengeText.reward(c.reward.gogo, c.reward.dice) : challengeText.progress(c.progress, c.goal)}
          </span>
        </button>
      </div>
    );
  }

  const e = pick.event;
  const ends = eventText.endsIn(formatCountdown(Date.parse(e.endsAt) - now));
  const ranked = e.myRank !== null && (e.myScore ?? 0) > 0;
  return (
    <div className="live-now" data-testid="live-now" data-kind={pick.kind}>
      <button
        type="button"
        className="live-now__main"
        onClick={() => openEventsHub('events')}
        aria-label={liveNowText.openHub(e.name)}
      >
        {pick.kind === 'join' ? (
          <Icon glyph={appIcons.flag} size={20} className="live-now__icon" />
        ) : (
          <Icon name="trophy" size={20} className="live-now__icon" />
        )}
        <span className="live-now__text">
          <span className="live-now__title">
            <span className="live-now__tag">
              <span className="live-now__dot" aria-hidden="true" />
              {liveNowText.label}
            </span>
            <span className="live-now__name">{e.name}</span>
          </span>
          <span className="live-now__sub" data-testid="live-now-sub">
            {pick.kind === 'join'
              ? join.isError
                ? messageForError(join.error)
                : liveNowText.joinHint
              : ranked
                ? liveNowText.standing(e.myRank ?? 0, e.entrants, eventText.score(e.myScore ?? 0))
                : liveNowText.unranked}
          </span>
        </span>
        {pick.kind === 'standing' ? <span className="live-now__figure live-now__ends">{ends}</span> : null}
      </button>
      {pick.kind === 'join' ? (
        <button
          type="button"
          className="button button--primary live-now__join"
          disabled={join.isPending}
          onClick={() => join.mutate(e.id)}
          data-testid="live-now-join"
        >
          {join.isPending ? liveNowText.joining : liveNowText.join}
        </button>
      ) : null}
    </div>
  );
}
