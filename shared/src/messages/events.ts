/**
 * Texts of live events, daily challenges and the friends race: the API's errors and the screens'
 * words. Re-exported by shared/src/messages/index.ts ('@gogo/shared/messages').
 */
import type { EventMetric } from '../rules/events.js';
import { formatCount } from './count.js';

const FIELD_REASON_TEXT = {
  endsBeforeStart: 'The end must come after the start.',
  tooShort: 'An event lasts at least 5 minutes.',
  tooLong: 'An event lasts at most 31 days.',
  endsInPast: 'The end is already past.',
  longerThanRepeat: 'A repeating event must not last longer than its repeat period.',
  rankOrder: 'Ranks start at 1 and a range ends at or after its first rank.',
  rankTooHigh: 'Prizes reach rank 10,000 at most.',
  overlap: 'Prize rank ranges must not overlap.',
  negative: 'Prizes cannot be negative.',
  empty: 'A prize range must pay GOGO or dice.',
  tooMany: 'An event has at most 20 prize ranges.',
} as const;

/** The roll step scores only the events a player had joined when the roll was made. */
const JOIN_FIRST = {
  gogo_won: 'Only GOGO won after you join counts: what you won before joining is not added.',
  laps: 'Only laps finished after you join count: laps before joining are not added.',
  rolls: 'Only rolls made after you join count: rolls before joining are not added.',
} as const satisfies Record<EventMetric, string>;

export const eventText = {
  fieldInvalid: (field: string, reason: keyof typeof FIELD_REASON_TEXT) => `${field}: ${FIELD_REASON_TEXT[reason]}`,
  notFound: 'Event not found.',
  full: 'This event is full.',
  notLive: 'This event is not live: you can join while it runs.',
  notEditable: 'An event can be edited only before it starts, and never once cancelled.',
  alreadyCancelled: 'This event has already ended or been cancelled.',
  hubTitle: 'Events',
  hubButton: 'Events',
  hubBadge: (n: number) => `${n} new`,
  live: 'Live',
  upcoming: 'Upcoming',
  ended: 'Ended',
  join: 'Join',
  joined: 'Joined',
  joinFirst: (metric: keyof typeof JOIN_FIRST) => JOIN_FIRST[metric],
  endsIn: (text: string) => `Ends in ${text}`,
  startsIn: (text: string) => `Starts in ${text}`,
  endedAgo: 'Finished',
  yourRank: (rank: number, entrants: number) => `Rank ${rank} of ${entrants}`,
  notRanked: 'Roll to get a rank',
  score: (score: number) => `Score ${formatCount(score)}`,
  entrants: (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`,
  prizesTitle: 'Prizes',
  rankRange: (from: number, to: number) => (from === to ? `#${from}` : `#${from}-${to}`),
  prizeValue: (gogo: number, dice: number) =>
    [gogo > 0 ? `${formatCount(gogo)} GOGO` : '', dice > 0 ? `${dice} dice` : ''].filter(Boolean).join(' + '),
  metric: { gogo_won: 'GOGO won', laps: 'Laps', rolls: 'Rolls' } satisfies Record<EventMetric, string>,
  leaderboardTitle: 'Standings',
  noEvents: 'No events right now. Check back soon.',
  resultsTitle: 'Event results',
  resultsBody: (name: string, rank: number) => `You finished #${rank} in ${name}.`,
  resultsPrize: (value: string) => `Your prize: ${value}`,
  resultsClose: 'Collect',
  rankToast: (rank: number) => `You are now #${rank}`,
  prizeToast: (name: string) => `You won a prize in ${name}!`,
  loading: 'Loading events...',
  loadFailed: 'Could not load events.',
  close: 'Close',
  tabs: { events: 'Events', challenges: 'Challenges', friends: 'Friends' },
} as const;

export const challengeText = {
  notFound: 'No such challenge today.',
  notCompleted: 'Finish the challenge before you claim it.',
  alreadyClaimed: 'You already claimed this reward.',
  title: 'Daily challenges',
  claim: 'Claim',
  claimed: 'Claimed',
  progress: (progress: number, goal: number) => `${progress} / ${goal}`,
  reward: (gogo: number, dice: number) =>
    [dice > 0 ? `${dice} dice` : '', gogo > 0 ? `${gogo} GOGO` : ''].filter(Boolean).join(' + '),
  streak: (days: number) => `Streak: ${days} ${days === 1 ? 'day' : 'days'}`,
  streakHint: (left: number) => `Finish all three ${left} more ${left === 1 ? 'day' : 'days'} in a row for the bonus.`,
  resetsIn: (text: string) => `New challenges in ${text}`,
} as const;

export const friendsRaceText = {
  title: 'Friends race',
  week: 'This week, Monday to Monday (UTC)',
  prize: (value: string) => `The week's winner gets ${value}`,
  needFriends: (min: number) => `Race with at least ${min - 1} friends to play for the prize.`,
  you: 'You',
  overtaken: (name: string) => `${name} overtook you in the friends race!`,
  empty: 'Add friends on your profile to race them.',
} as const;
