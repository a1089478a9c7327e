/** Web push: devices, switches, the scheduled notifications and their sender. The module's face. */
export { createPushService, type PushService } from './service.js';
export { createPushSender, PUSH_LEASE_MS, type PushSender } from './sender.js';
export { webPushDelivery, type Deliver, type DeliveryResult, type PushTarget } from './delivery.js';
export { vapidKeySource } from './keys.js';
export {
  cancelNotification,
  cancelNotificationsEverywhere,
  hasPushDevice,
  pendingNotificationKeys,
  scheduleNotification,
} from './schedule.js';
export { pushRoutes } from './routes.js';
export { diceFullAfterRoll } from './after-roll.js';
export { registerPush } from './wiring.js';
