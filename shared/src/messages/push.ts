/**
 * Texts of web push: what the notifications say, the API's errors, and the words of the permission
 * prompt and of Settings. Re-exported by shared/src/messages/index.ts ('@gogo/shared/messages').
 */
import type { PushKind } from '../rules/push.js';
import { formatCount } from './count.js';

/** What a notification of each kind says; `vars` come from the moment it was scheduled. */
export const pushNotificationText = {
  dice_full: () => ({ title: 'Your dice are full', body: 'Every die is back. Come roll before the refill stops.' }),
  event_ending: (vars: { name: string }) => ({
    title: `${vars.name} ends within the hour`,
    body: 'Last chance to climb the standings before the prizes are paid.',
  }),
  event_prize: (vars: { name: string; rank: number; gogo: number; dice: number }) => ({
    title: `You finished #${vars.rank} in ${vars.name}`,
    body: `Your prize is in: ${formatCount(vars.gogo)} GOGO${vars.dice > 0 ? ` and ${formatCount(vars.dice)} dice` : ''}.`,
  }),
  friend_overtake: (vars: { username: string }) => ({
    title: `${vars.username} just passed you`,
    body: "They overtook you in this week's friends race. Roll to take your place back.",
  }),
  daily_ready: () => ({
    title: 'Your daily dice are ready',
    body: 'A new day, free dice: claim them and keep your streak.',
  }),
  event_start: (vars: { name: string }) => ({
    title: `${vars.name} has started`,
    body: 'The tournament you asked about is live. Join and roll for the prizes.',
  }),
} as const;

export const pushText = {
  endpointInvalid: 'The subscription endpoint must be an https address of a push service.',
  keyInvalid: (field: 'p256dh' | 'auth', bytes: number) => `keys.${field} must be base64url of ${bytes} bytes.`,
  deviceNotFound: 'That device is not subscribed to your notifications.',
  noKindNamed: (kinds: string) => `Name at least one kind of notification to turn on or off: ${kinds}.`,
  deviceLabel: (browser: string, system: string) => `${browser} on ${system}`,
  unknownDevice: 'A browser',
  unknownBrowser: 'A browser',
  unknownSystem: 'an unknown system',
  noDevice: 'Turn on notifications on this device first: a reminder is sent as a push notification.',
  eventNotUpcoming: 'This event has already started: join it instead.',
  kindOff: 'You turned this kind of notification off in Settings.',
  // The in-app prompt, shown once after the first property purchase (before the browser's own).
  promptTitle: 'Never miss a refill',
  promptBody:
    'We can tell you when your dice are full, a tournament you joined is ending or pays out, a friend passes you, and your daily dice are ready. At most 3 a day.',
  promptAccept: 'Turn on notifications',
  promptDecline: 'Not now',
  promptBlocked: 'Notifications are blocked for this site in your browser settings.',
  enabledToast: 'Notifications are on for this device.',
  // Settings.
  settingsTitle: 'Notifications',
  settingsIntro: 'Push notifications reach this device even when the game is closed. At most 3 a day.',
  thisDeviceOn: 'On for this device',
  thisDeviceOff: 'Off for this device',
  thisDeviceBlocked: 'Blocked in this browser: allow notifications for this site in the browser settings.',
  thisDeviceUnsupported: 'This browser cannot receive push notifications.',
  turnOn: 'Turn on for this device',
  turnOff: 'Turn off for this device',
  devicesTitle: 'Your devices',
  noDevices: 'No device receives notifications yet.',
  thisDevice: 'this device',
  removeDevice: 'Remove',
  removeDeviceLabel: (label: string) => `Remove ${label}`,
  addedOn: (date: string) => `Added ${date}`,
  kindsTitle: 'What to send',
  kindLabel: {
    dice_full: 'Dice full',
    event_ending: 'Tournament ending soon',
    event_prize: 'Tournament prize',
    friend_overtake: 'A friend passes me',
    daily_ready: 'Daily dice ready',
    event_start: 'Tournament I asked about starts',
  } satisfies Record<PushKind, string>,
  failed: 'Notifications could not be turned on. Try again.',
  // Upcoming events.
  remindMe: 'Remind me',
  reminderSet: 'Reminder set',
  reminderSetToast: (name: string) => `We will notify you when ${name} starts.`,
  reminderCancel: 'Cancel reminder',
  reminderNeedsPush: 'Reminders arrive as push notifications: turn them on for this device first.',
  reminderBlocked: 'Reminders arrive as push notifications, which this browser blocks for this site.',
  reminderUnsupported: 'This browser cannot receive push notifications, so it cannot remind you.',
  startsIn: (countdown: string) => `Starts in ${countdown}`,
} as const;

/** The Profile tab's badge: incoming friend requests, prizes to see, challenges to claim. */
export const attentionText = {
  profileWithBadge: (label: string, n: number) =>
    `${label} (${n} waiting: friend requests, prizes or rewards to claim)`,
} as const;
