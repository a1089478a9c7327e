import { formatCount } from './count.js';
/** Texts of the Build sheet's goals: a property not yet affordable reads as progress toward its price. */
export const buildGoalText = {
  progress: (have: number, cost: number) => `${formatCount(Math.min(have, cost))} / ${formatCount(cost)} GOGO`,
  price: (cost: number) => `${formatCount(cost)} GOGO`,
  toGo: (missing: number) => `${formatCount(missing)} GOGO to go`,
  progressLabel: (name: string) => `GOGO saved toward ${name}`,
  nextGoal: 'Next goal',
  ready: 'Ready to build',
} as const;
