import type { Endpoint } from '../endpoint.js';
import * as adminMoney from './admin-money.js';
import * as adminReports from './admin-reports.js';
import * as adminSecurity from './admin-security.js';
import * as adminUsers from './admin-users.js';
import * as auth from './auth.js';
import * as chain from './chain.js';
import * as board from './board.js';
import * as challenges from './challenges.js';
import * as credits from './credits.js';
import * as daily from './daily.js';
import * as events from './events.js';
import * as fairness from './fairness.js';
import * as friends from './friends.js';
import * as game from './game.js';
import * as health from './health.js';
import * as ops from './ops.js';
import * as prices from './prices.js';
import * as publicSite from './public.js';
import * as push from './push.js';
import * as realtime from './realtime.js';
import * as referrals from './referrals.js';
import * as sessions from './sessions.js';
import * as site from './site.js';
import * as stats from './stats.js';
import * as userAccount from './user-account.js';
import * as userProfile from './user-profile.js';
import * as userSocial from './user-social.js';
import * as wallet from './wallet.js';

/**
 * The whole endpoint table, by resource group: the server registers every route from it and the
 * contract tests walk it. A client should NOT import this module (it holds every schema): it imports
 * the entries it calls from their group module, e.g. `import { publicStats } from
 * '@gogo/shared/api/endpoints/public'`, so that its bundle carries only those entries' schemas.
 */
export const endpoints = {
  adminMoney,
  adminReports,
  adminSecurity,
  adminUsers,
  auth,
  chain,
  board,
  challenges,
  credits,
  daily,
  events,
  fairness,
  friends,
  game,
  health,
  ops,
  prices,
  public: publicSite,
  push,
  realtime,
  referrals,
  sessions,
  site,
  stats,
  userAccount,
  userProfile,
  userSocial,
  wallet,
} as const;

/** Every entry of the table, one per route (method and path). */
export const allEndpoints: readonly Endpoint[] = Object.values(endpoints).flatMap(
  (group) => Object.values(group) as Endpoint[],
);

/**
 * Each entry's OpenAPI operationId: its name in the table (`adminLogin`), or the group and the name
 * (`creditsBalance`) where two groups use one name, so that every operation has its own.
 */
export const operationIds: ReadonlyMap<Endpoint, string> = (() => {
  const byName = new Map<string, number>();
  const named = Object.entries(endpoints).flatMap(([group, entries]) =>
    Object.entries(entries as Record<string, Endpoint>).map(([name, entry]) => ({ group, name, entry })),
  );
  for (const { name } of named) byName.set(name, (byName.get(name) ?? 0) + 1);
  return new Map(
    named.map(({ group, name, entry }) => [
      entry,
      byName.get(name)! > 1 ? `${group}${name[0]!.toUpperCase()}${name.slice(1)}` : name,
    ]),
  );
})();
