/** Texts of the Build sheet's goals: a property not yet affordable reads as progress toward its price. */
export const buildGoalText = {
  progress: (have: number, cost: number) =>
    `${Math.min(have, cost).toLocaleString('en-US')} / ${cost.toLocaleString('en-US')} GOGO`,
  price: (cost: number) => `${cost.toLocaleString('en-US')} GOGO`,
  toGo: (missing: number) => `${missing.toLocaleString('en-US')} GOGO to go`,
  progressLabel: (name: string) => `GOGO saved toward ${name}`,
  nextGoal: 'Next goal',
  ready: 'Ready to build',
} as const;
