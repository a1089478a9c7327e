/** Texts of the property board: API errors and the build sheet. */
export const boardText = {
  notAProperty: 'This tile is not a property.',
  maxLevel: 'This property is already at the maximum level.',
  insufficientBalance: 'Not enough GOGO for this upgrade.',
  levelAlreadyBuilt: 'This level has just been built (in another tab or on another device).',
  sheetTitle: 'Build',
  sheetSubtitle: (board: string) => `${board}: buy properties and build them up with GOGO.`,
  openSheet: 'Build',
  level: (level: number, max: number) => (level === 0 ? 'Not owned' : `Level ${level} of ${max}`),
  multiplier: (m: number) => `x${m} reward`,
  effect: (from: number, to: number) => `Reward x${from} → x${to}`,
  buy: (cost: number) => `Buy for ${cost} GOGO`,
  upgrade: (cost: number) => `Upgrade for ${cost} GOGO`,
  maxed: 'Fully built',
  built: (name: string, level: number) => (level === 1 ? `You bought ${name}!` : `${name} is now level ${level}!`),
  completedTitle: (name: string) => `${name} complete!`,
  completedBody: (dice: number, gogo: number, next: string | null) =>
    `+${dice} dice and +${gogo} GOGO.` + (next ? ` Welcome to ${next}!` : ' Every board is built.'),
  levelUpDice: (dice: number) => `Level up: +${dice} dice`,
  lapDice: (dice: number) => `Lap: +${dice} dice`,
  boardLabel: (number: number, name: string) => `Board ${number}: ${name}`,
  propertyTile: (name: string, level: number) => (level === 0 ? `${name}, not owned` : `${name}, level ${level}`),
} as const;
