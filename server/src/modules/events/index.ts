/** Live events (tournaments): the module's face. */
export { createEventsService, type EventsService } from './service.js';
export { eventsAfterRoll } from './after-roll.js';
export { houseEvent, scheduleHouseEvent } from './house.js';
export { settleDue, settleEvent, SETTLE_GRACE_MS, type SettlementDeps, type SettlementResult } from './settlement.js';
export { eventsRoutes } from './routes.js';
