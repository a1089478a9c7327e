import { endpoint } from '../endpoint.js';
import {
  PushDeviceParams,
  PushDeviceResponse,
  PushDevicesResponse,
  PushKeyResponse,
  PushPreferencesInput,
  PushPreferencesResponse,
  PushRemovedResponse,
  PushSubscribeBody,
} from '../push.js';

// Web push: the key a browser subscribes with, the player's devices and the switches per kind.

export const pushKey = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/push/key',
  auth: 'player',
  tags: ['push'],
  summary: "The server's VAPID public key, the browser's applicationServerKey",
  response: PushKeyResponse,
});

export const pushSubscribe = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/push/subscriptions',
  auth: 'player',
  tags: ['push'],
  summary: 'Subscribe this device (the same endpoint again: updated, not doubled); 400 PUSH_SUBSCRIPTION_INVALID',
  body: PushSubscribeBody,
  status: 201,
  response: PushDeviceResponse,
});

export const pushDevices = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/push/subscriptions',
  auth: 'player',
  tags: ['push'],
  summary: "The player's subscribed devices, newest first, and their switches per kind",
  response: PushDevicesResponse,
});

export const pushUnsubscribe = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/api/push/subscriptions/:id',
  auth: 'player',
  tags: ['push'],
  summary: 'Remove one of the player’s devices (404 PUSH_DEVICE_NOT_FOUND for another’s)',
  params: PushDeviceParams,
  response: PushRemovedResponse,
});

export const pushPreferences = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/push/preferences',
  auth: 'player',
  tags: ['push'],
  summary: 'Which kinds of notification the player receives (all on until changed)',
  response: PushPreferencesResponse,
});

export const setPushPreferences = /*#__PURE__*/ endpoint({
  method: 'PUT',
  path: '/api/push/preferences',
  auth: 'player',
  tags: ['push'],
  summary: 'Turn kinds on or off; kinds left out keep their value',
  body: PushPreferencesInput,
  response: PushPreferencesResponse,
});
