// The landing, info and help pages, their forms, and the installable app.
import type { TileType } from '../rules/tiles.js';

/** The installable app: offline page and install offer. */
export const appText = {
  offlineTitle: 'You are offline',
  offlineBody:
    'GOGO Board needs a connection: every roll is decided by the server. We will retry as soon as you are back online.',
  offlineRetry: 'Try again',
  installTitle: 'Install GOGO Board',
  installBody: 'Add the game to your home screen: it opens full screen, like an app.',
  installAccept: 'Install',
  installDismiss: 'Not now',
} as const;

/** Texts of the landing page, the token launch and the info pages. */
export const siteText = {
  welcomeBack: (name: string) => `Welcome back, ${name}`,
  continueGame: 'Continue Game',
  startPlaying: 'Start Playing',
  startPlayingNow: 'Start Playing Now',
  learnMore: 'Learn More',
  tokenLaunch: 'Token Launch',
  keepPlaying: 'Keep Playing',
  stillNeedHelp: 'Still Need Help',
  backToHome: 'Back to home',
  lastUpdated: 'Last updated August 2025',
  sampleLeaderboardEmpty:
    'Sample leaderboard: nobody has played yet. These five players are examples, not real accounts.',
  sampleLeaderboardUnavailable:
    'Sample leaderboard: live rankings could not be loaded right now. These five players are examples, not real accounts.',
  supportResponseTime: 'within 24-48 hours',
} as const;

/** Contact form subjects, in the order the form lists them. */
export const contactSubjects = [
  'General Inquiry',
  'Technical Support',
  'Account Issue',
  'Payment Question',
  'Partnership',
  'Other',
] as const;
export type ContactSubject = (typeof contactSubjects)[number];

/** Feature request priorities, lowest first. */
export const featurePriorities = ['Low', 'Medium', 'High', 'Critical'] as const;
export type FeaturePriority = (typeof featurePriorities)[number];

/** 'Still Need Help' form topics of the help center: value (spec) and label. */
export const helpTopics = [
  { value: 'technical', label: 'Technical problem' },
  { value: 'account', label: 'Account' },
  { value: 'payment', label: 'Payment' },
  { value: 'general', label: 'General question' },
] as const;
export type HelpTopic = (typeof helpTopics)[number]['value'];

// Page titles, descriptions and share tags are user-facing texts too: one table, shared by server and client.
export * from '../site/metadata.js';

/** Each type of tile as the How to Play page explains it: its name and what landing on it does. */
export const tileTypeText = {
  START: { label: 'Start', what: 'Land here to complete a lap.' },
  PROPERTY: { label: 'Property', what: 'A safe win.' },
  CHANCE: { label: 'Chance', what: 'Anything from a loss to a win.' },
  PENALTY: { label: 'Penalty', what: 'Costs GOGO, never below zero.' },
  JACKPOT: { label: 'Jackpot', what: 'The big wins, with double XP.' },
} as const satisfies Record<TileType, { label: string; what: string }>;
