import type { PropertyDto } from '@gogo/shared/api';

export interface BuildGoal {
  property: PropertyDto;
  cost: number;
  /** The balance covers the cost now. */
  ready: boolean;
}

/**
 * What to aim for on the board: the cheapest level the balance already covers, else the cheapest
 * next level (the fewest GOGO away). Null when every property is at the top.
 */
export function buildGoal(properties: readonly PropertyDto[], balance: number): BuildGoal | null {
  let best: BuildGoal | null = null;
  for (const property of properties) {
    const cost = property.upgradeCost;
    if (cost === null) continue;
    const ready = cost <= balance;
    if (!best || (ready && !best.ready) || (ready === best.ready && cost < best.cost)) {
      best = { property, cost, ready };
    }
  }
  return best;
}
