import { endpoint } from '../endpoint.js';
import {
  ClientSeedBody,
  FairnessRollsQuery,
  FairnessRollsResponse,
  FairnessStatusResponse,
  RotateResponse,
} from '../fairness.js';

// The provably-fair draw: commitment, client seed, rotation and the rolls to verify.

export const fairnessStatus = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/fairness',
  auth: 'player',
  tags: ['fairness'],
  summary: 'The active seed commitment: server seed hash, client seed, next nonce',
  response: FairnessStatusResponse,
});

export const setClientSeed = /*#__PURE__*/ endpoint({
  method: 'PUT',
  path: '/api/fairness/client-seed',
  auth: 'player',
  tags: ['fairness'],
  summary: 'Choose the client seed (1 to 64 printable ASCII characters)',
  description: 'Applies to the next rolls; the server seed and the nonce continue. 400 INVALID_CLIENT_SEED.',
  body: ClientSeedBody,
  response: FairnessStatusResponse,
});

export const rotateSeeds = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/fairness/rotate',
  auth: 'player',
  tags: ['fairness'],
  summary: 'Reveal the server seed and start a new one (nonce 0)',
  response: RotateResponse,
});

export const fairnessRolls = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/fairness/rolls',
  auth: 'player',
  tags: ['fairness'],
  summary: 'Recent rolls with what verifies them (the server seed once revealed)',
  query: FairnessRollsQuery,
  response: FairnessRollsResponse,
});
