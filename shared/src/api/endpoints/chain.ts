import { endpoint } from '../endpoint.js';
import { AdminChainResponse } from '../chain.js';

// The back office's view of the chain watcher and of automatic deposits.

export const adminChain = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/chain',
  auth: 'admin',
  tags: ['admin'],
  summary:
    'Admin: the chain watcher (last block, lag, errors) and the latest automatic deposits with their chain facts',
  response: AdminChainResponse,
});
