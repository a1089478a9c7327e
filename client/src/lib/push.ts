import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as push from '@gogo/shared/api/endpoints/push';
import type { PushPreferences } from '@gogo/shared/rules';
import { call } from './api/call';
import { queryKeys } from './api/keys';
import { storageKeys } from './storage';

/**
 * Web push on this device: whether the browser can, what the player allowed, and this device's
 * subscription with the server. The service worker (public/push-sw.js, loaded by the app's worker)
 * shows what arrives and opens /game on a tap.
 */

/** 'unsupported': no push in this browser; otherwise the permission as the browser reports it. */
export type PushPermission = 'unsupported' | 'default' | 'granted' | 'denied';

export function pushPermission(): PushPermission {
  if (typeof window === 'undefined') return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

export const pushKeys = {
  devices: () => queryKeys.of(push.pushDevices),
};

/** The worker's registration, registering it now when the page's delayed registration has not yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This device's subscription in the browser, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushPermission() === 'unsupported') return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

/**
 * Asks the browser (its own prompt, when the player has not answered it yet), subscribes with the
 * server's key and hands the subscription to the server. Throws when the player refuses.
 */
export async function subscribeThisDevice(): Promise<void> {
  if (pushPermission() === 'unsupported') throw new Error('unsupported');
  const permission = await Notification.requestPermission();
  markPushAsked();
  if (permission !== 'granted') throw new Error('denied');
  const { publicKey } = await call(push.pushKey);
  const reg = await registration();
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another key (the server's changed) cannot be used: made again.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  await call(push.pushSubscribe, {
    body: { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  });
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

export function pushAsked(): boolean {
  try {
    return localStorage.getItem(storageKeys.pushAsked) !== null;
  } catch {
    return true;
  }
}

export function markPushAsked(): void {
  try {
    localStorage.setItem(storageKeys.pushAsked, String(Date.now()));
  } catch {
    // Storage disabled: the prompt may come back next time, which is harmless.
  }
}

/** The player's devices and switches (Settings, and whether this device is among them). */
export function usePushDevices(enabled = true) {
  return useQuery({
    queryKey: pushKeys.devices(),
    queryFn: ({ signal }) => call(push.pushDevices, { signal }),
    enabled,
    staleTime: 10_000,
  });
}

/**
 * This device's state: the browser's permission, and whether its subscription is one of the
 * player's devices on the server (`endpoint` of the browser's subscription, or null).
 */
export function useThisDevicePush() {
  const devices = usePushDevices(pushPermission() !== 'unsupported');
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const refresh = useCallback(() => {
    setPermission(pushPermission());
    void currentSubscription().then(
      (sub) => setEndpoint(sub?.endpoint ?? null),
      () => setEndpoint(null),
    );
  }, []);
  useEffect(refresh, [refresh]);
  const device = endpoint ? (devices.data?.devices.find((d) => d.endpoint === endpoint) ?? null) : null;
  return { permission, device, devices, refresh, subscribed: device !== null };
}

export function useSubscribePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscribeThisDevice,
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.devices() }),
  });
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, thisDevice }: { id: number; thisDevice: boolean }) => {
      await call(push.pushUnsubscribe, { params: { id } });
      if (thisDevice) await (await currentSubscription())?.unsubscribe();
    },
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.devices() }),
  });
}

export function useSetPushPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<PushPreferences>) => call(push.setPushPreferences, { body: change }),
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.devices() }),
  });
}
