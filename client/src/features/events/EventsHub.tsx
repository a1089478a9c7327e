import './events.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { eventText, friendsRaceText } from '@gogo/shared/messages';
import { Modal } from '../../components/Modal';
import { TabPanel, Tabs } from '../../components/Tabs';
import { ToastRegion } from '../../components/Toast';
import { useToasts } from '../../components/useToasts';
import { Icon } from '../../components/Icon';
import { appIcons } from '../../components/appIcons';
import { useChallenges, useEventNotice, useEvents, useResultSeen } from './api';
import { EventsList } from './components/EventsList';
import { ChallengesPanel } from './components/ChallengesPanel';
import { FriendsRace } from './components/FriendsRace';
import { ResultsCard } from './components/ResultsCard';
import { OPEN_EVENTS_HUB, type HubTab } from './openHub';

const TABS = [
  { id: 'events', label: eventText.tabs.events },
  { id: 'challenges', label: eventText.tabs.challenges },
  { id: 'friends', label: eventText.tabs.friends },
] as const;
type TabId = HubTab;

/** A clock for countdowns: every second while something shows one, else every 30 s. */
function useNow(fast: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), fast ? 1000 : 30_000);
    return () => clearInterval(timer);
  }, [fast]);
  return now;
}

/**
 * The events hub of /game: a header button whose badge counts live events to join, rewards to
 * claim and results to see; the hub (events, daily challenges, the friends race); the results card
 * of a prize won; and the toasts of the socket's news (a prize, a friend passing the player).
 */
export default function EventsHub() {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TabId>('events');
  const now = useNow(open);
  const events = useEvents();
  const challenges = useChallenges();
  const seen = useResultSeen();
  const notice = useEventNotice();
  const { toasts, push, dismiss } = useToasts();
  const lastNotice = useRef(0);

  useEffect(() => {
    const onOpen = (e: Event) => {
      setTab((e as CustomEvent<TabId>).detail);
      setOpen(true);
    };
    window.addEventListener(OPEN_EVENTS_HUB, onOpen);
    // A tap on an event's push notification opens /game?events=1: the hub, on its events tab.
    const url = new URL(window.location.href);
    if (url.searchParams.get('events') === '1') {
      url.searchParams.delete('events');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
      setOpen(true);
    }
    return () => window.removeEventListener(OPEN_EVENTS_HUB, onOpen);
  }, []);

  useEffect(() => {
    if (!notice || notice.seq === lastNotice.current) return;
    lastNotice.current = notice.seq;
    if (notice.kind === 'prize')
      push({ tone: 'success', kind: 'event-prize', icon: 'trophy', title: eventText.prizeToast(notice.name) });
    else push({ tone: 'accent', kind: 'overtake', icon: 'flag', title: friendsRaceText.overtaken(notice.username) });
  }, [notice, push]);

  const unseen = useMemo(() => events.data?.find((e) => e.result && !e.result.seen) ?? null, [events.data]);
  const badge =
    (events.data?.filter((e) => e.status === 'live' && !e.joined).length ?? 0) +
    (challenges.data?.challenges.filter((c) => c.completed && !c.claimed).length ?? 0) +
    (unseen ? 1 : 0);

  const overlay = (
    <>
      {open ? (
        <Modal title={eventText.hubTitle} onClose={() => setOpen(false)} size="medium" className="events-hub">
          <Tabs
            tabs={TABS}
            selected={tab}
            onSelect={setTab}
            label={eventText.hubTitle}
            idPrefix="events-hub"
            look="pills"
            narrow="grid"
          />
          <TabPanel idPrefix="events-hub" id={tab} className="events-hub__panel">
            {tab === 'events' ? <EventsList events={events.data} now={now} error={events.error} /> : null}
            {tab === 'challenges' ? <ChallengesPanel now={now} /> : null}
            {tab === 'friends' ? <FriendsRace now={now} /> : null}
          </TabPanel>
        </Modal>
      ) : unseen ? (
        <ResultsCard event={unseen} busy={seen.isPending} onCollect={() => seen.mutate(unseen.id)} />
      ) : null}
      <ToastRegion toasts={toasts} onDismiss={dismiss} className="events-toasts" />
    </>
  );

  return (
    <>
      <button
        type="button"
        className="icon-button events-launcher"
        onClick={() => setOpen(true)}
        aria-label={badge > 0 ? `${eventText.hubButton} (${eventText.hubBadge(badge)})` : eventText.hubButton}
        title={eventText.hubButton}
        data-testid="events-launcher"
      >
        <Icon glyph={appIcons.flag} size={22} />
        <span className="events-launcher__label">{eventText.hubButton}</span>
        {badge > 0 ? (
          <span className="events-launcher__badge" data-testid="events-badge">
            {badge}
          </span>
        ) : null}
      </button>
      {createPortal(overlay, document.body)}
    </>
  );
}
