import { lazy } from 'react';
import type { Slots } from '../lib/slots';

// What a feature's screen shows of another feature, filled in here (features never import each
// other): each part is a chunk of its own, loaded with the screen that shows it.
export const appSlots: Slots = {
  eventsHub: lazy(() => import('../features/events/EventsHub')),
  liveNow: lazy(() => import('../features/events/LiveNow')),
};
