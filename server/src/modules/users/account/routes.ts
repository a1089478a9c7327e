import { endpoints } from '@gogo/shared/api/endpoints';
import { socialText } from '@gogo/shared/messages';
import { optionalBody } from '../../../lib/optional-body.js';
import type { UserRouteContext } from '../route-context.js';
import { route } from '../../../lib/route.js';

/** The account's life: deactivation, reactivation, the data export and deletion. */
export function accountRoutes({ app, service, ok }: UserRouteContext) {
  // --- account lifecycle ----------------------------------------------------------------------

  route(app, endpoints.userAccount.deactivate, {
    preValidation: optionalBody,
    handler: async (request) => ok(await service.deactivate(request.playerId, request.params.id, request.body.reason)),
  });

  route(app, endpoints.userAccount.reactivate, {
    preValidation: optionalBody,
    handler: async (request) =>
      ok(await service.reactivate(request.playerId, request.params.id), socialText.accountReactivated),
  });

  route(app, endpoints.userAccount.exportData, {
    preValidation: optionalBody,
    handler: async (request, reply) => {
      const doc = await service.exportData(request.playerId, request.params.id);
      const day = doc.exportedAt.slice(0, 10);
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="gogo-board-export-${doc.account.id}-${day}.json"`)
          .header('cache-control', 'no-store')
          // A readable file: pretty-printed here, so the serializer passes the string through.
          .send(JSON.stringify(doc, null, 2) as unknown as typeof doc)
      );
    },
  });

  route(app, endpoints.userAccount.deleteAccount, {
    handler: async (request) =>
      ok(
        await service.deleteAccount(request.playerId, request.params.id, request.body.password),
        socialText.accountDeleted,
      ),
  });
}
