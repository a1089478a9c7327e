import { lazy, Suspense } from 'react';

// What a feature's screen shows of another feature, composed here (features never import each
// other): each part is a chunk of its own, loaded with the screen that shows it.
const EventsHub = lazy(() => import('../features/events/EventsHub'));
const LiveNow = lazy(() => import('../features/events/LiveNow'));

/** The events hub's header button (and its dialogs) on /game. */
export function EventsHubSlot() {
  return (
    <Suspense fallback={null}>
      <EventsHub />
    </Suspense>
  );
}

/** The "live now" row of /game's phone layout: the live event to join or the player's standing in it. */
export function LiveNowSlot({ rolls }: { rolls: number | null }) {
  return (
    <Suspense fallback={null}>
      <LiveNow rolls={rolls} />
    </Suspense>
  );
}
