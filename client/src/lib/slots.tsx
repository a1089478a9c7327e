import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Places where one feature's screen shows a part of another feature. Features never import each
 * other, and this floor imports none of them: the app shell fills the slots (app/slots.tsx) and a
 * screen renders the slot by name. An unfilled slot renders nothing.
 */
export interface Slots {
  /** The events hub's header button (and its dialogs) on /game. */
  eventsHub: ComponentType;
  /** The "live now" row of /game's phone layout: the live event to join or the player's standing in it. */
  liveNow: ComponentType<{ rolls: number | null }>;
}

const Empty = () => null;
const SlotsContext = createContext<Slots>({ eventsHub: Empty, liveNow: Empty });

export function SlotsProvider({ slots, children }: { slots: Slots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

/** The events hub's header button (and its dialogs) on /game. */
export function EventsHubSlot() {
  const { eventsHub: EventsHub } = useContext(SlotsContext);
  return (
    <Suspense fallback={null}>
      <EventsHub />
    </Suspense>
  );
}

/** The "live now" row of /game's phone layout: the live event to join or the player's standing in it. */
export function LiveNowSlot({ rolls }: { rolls: number | null }) {
  const { liveNow: LiveNow } = useContext(SlotsContext);
  return (
    <Suspense fallback={null}>
      <LiveNow rolls={rolls} />
    </Suspense>
  );
}
