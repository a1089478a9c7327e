import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { route } from '../../lib/route.js';
import type { WalletService } from './service.js';
import type { ChainDeposit } from '@gogo/shared/api';

export async function walletRoutes(
  appBase: FastifyInstance,
  opts: { service: WalletService; chainDeposits: (userId: number) => Promise<ChainDeposit[]> },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;

  route(app, endpoints.wallet.walletNonce, {
    handler: async (request) => ({ success: true as const, data: await service.nonce(request.playerId) }),
  });
  route(app, endpoints.wallet.walletLink, {
    handler: async (request) => ({
      success: true as const,
      data: await service.link(request.playerId, request.body),
    }),
  });
  route(app, endpoints.wallet.walletGet, {
    handler: async (request) => ({ success: true as const, data: { wallet: await service.get(request.playerId) } }),
  });
  route(app, endpoints.wallet.walletUnlink, {
    handler: async (request) => ({
      success: true as const,
      data: { unlinked: await service.unlink(request.playerId) },
    }),
  });
  route(app, endpoints.wallet.chainDeposits, {
    handler: async (request) => ({
      success: true as const,
      data: { deposits: await opts.chainDeposits(request.playerId) },
    }),
  });
}
