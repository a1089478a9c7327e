/** Daily challenges and the weekly friends race: the module's face. */
export { createChallengesService, type ChallengesService, type FriendsOf } from './service.js';
export { raceAfterRoll } from './after-roll.js';
export { settleRaceWeek, settleRaceWeeks, type RaceSettlementDeps } from './race.js';
export { challengesRoutes } from './routes.js';
export { freezeRaceFieldsOf } from './race-field.js';
