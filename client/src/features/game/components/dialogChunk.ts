// The game screen's dialogs ship in one chunk of their own, fetched once the board is up
// (preloadGameDialogs), so the /game chunk carries only what the first paint needs.
export { DailyDiceDialog } from './DailyDiceDialog';
export { FairnessPanel } from './FairnessPanel';
export { LeaderboardModal } from './LeaderboardModal';
export { SettingsDialog } from './SettingsDialog';
