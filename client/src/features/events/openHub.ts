/** Opens the events hub from elsewhere on /game (the live-now row), on the tab named in `detail`. */
export const OPEN_EVENTS_HUB = 'events:openHub';
export type HubTab = 'events' | 'challenges' | 'friends';

export function openEventsHub(tab: HubTab): void {
  window.dispatchEvent(new CustomEvent<HubTab>(OPEN_EVENTS_HUB, { detail: tab }));
}
