import webpush from 'web-push';
import type { PushMessage } from '@gogo/shared/api';
import type { VapidKeys } from '../../settings/index.js';

/** One device's subscription as the push service knows it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service said: delivered, the subscription is gone for good, or try again later. */
export type DeliveryResult =
  | { kind: 'delivered' }
  | { kind: 'gone'; status: number }
  | { kind: 'rejected'; reason: string }
  | { kind: 'retry'; reason: string };

/** Sends one encrypted message; never throws. */
export type Deliver = (target: PushTarget, message: PushMessage) => Promise<DeliveryResult>;

/** A push service that does not answer within this is tried again later. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Kept by the push service this long while the device is offline (a day: older news is stale). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web push as RFC 8030/8291/8292 describe it: the payload encrypted for the device (aes128gcm) and
 * signed for the push service with the VAPID key (web-push builds the request); sent with fetch so
 * that one timeout covers it and a test's loopback push service is reached the same way.
 */
export function webPushDelivery(vapid: () => Promise<VapidKeys>, subject: string): Deliver {
  return async (target, message) => {
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      const keys = await vapid();
      request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
    } catch (err) {
      // Keys that cannot encrypt a message will not do so later either.
      return { kind: 'rejected', reason: err instanceof Error ? err.message : String(err) };
    }
    try {
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        redirect: 'error',
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) return { kind: 'delivered' };
      // 404 and 410: the subscription expired or was revoked; it will never take a message again.
      if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
      const reason = `push service answered ${res.status}`;
      // Any other refusal of the request itself (bad key, too large) is not cured by waiting.
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
        return { kind: 'rejected', reason };
      }
      return { kind: 'retry', reason };
    } catch (err) {
      return { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
    }
  };
}
