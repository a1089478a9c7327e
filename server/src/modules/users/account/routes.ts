import {
  AccountDeletedResponse,
  AccountStatusResponse,
  DeactivateBody,
  DeleteAccountBody,
  errorResponses,
  ExportDocument,
  UserIdParams,
} from '@gogo/shared/api';
import { socialText } from '@gogo/shared/messages';
import { optionalBody } from '../../../lib/optional-body.js';
import type { UserRouteContext } from '../routes.js';

/** The account's life: deactivation, reactivation, the data export and deletion. */
export function accountRoutes({ app, service, tags, security, guarded, ok }: UserRouteContext) {
  // --- account lifecycle ----------------------------------------------------------------------

  app.post(
    '/api/user/deactivate/:id',
    {
      ...guarded,
      preValidation: optionalBody,
      schema: {
        tags,
        summary: 'Deactivate own account (reversible)',
        description:
          'The player disappears for everyone else (profile 404, search, online, friends lists, leaderboards) ' +
          'until they reactivate, here or simply by logging in again. Game and money data are untouched.',
        security,
        params: UserIdParams,
        body: DeactivateBody,
        response: { 200: AccountStatusResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.deactivate(request.playerId, request.params.id, request.body.reason)),
  );

  app.post(
    '/api/user/reactivate/:id',
    {
      ...guarded,
      preValidation: optionalBody,
      schema: {
        tags,
        summary: 'Reactivate own account',
        description: 'Idempotent: an active account stays active. Logging in also reactivates.',
        security,
        params: UserIdParams,
        response: { 200: AccountStatusResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.reactivate(request.playerId, request.params.id), socialText.accountReactivated),
  );

  app.post(
    '/api/user/export/:id',
    {
      ...guarded,
      preValidation: optionalBody,
      schema: {
        tags,
        summary: 'Download everything stored about oneself (JSON file)',
        description:
          'A JSON file (Content-Disposition: attachment), not an envelope: account (no password hash), ' +
          'settings, avatar, game state, ledger, rolls, revealed fairness seeds, achievements, daily records, ' +
          'play sessions, money transactions, referral, friends and friend requests (others by public ' +
          'username only). Nothing about any other player. Only the player; one download per 30 seconds (429).',
        security,
        params: UserIdParams,
        response: { 200: ExportDocument, ...errorResponses },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/api/user/delete/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Delete own account (needs the password)',
        description:
          'Removes personal data: username and email are replaced by deleted-<id>, the password by one nobody ' +
          'knows, every token is revoked, settings, avatar, friends and friend requests go. Ledger, rolls and ' +
          'money records stay under the anonymised account (balances must stay explained). Login then answers ' +
          'INVALID_CREDENTIALS. 403 INVALID_PASSWORD on a wrong password; 409 PENDING_TRANSACTIONS while a ' +
          'deposit or withdrawal waits for review.',
        security,
        params: UserIdParams,
        body: DeleteAccountBody,
        response: { 200: AccountDeletedResponse, ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await service.deleteAccount(request.playerId, request.params.id, request.body.password),
        socialText.accountDeleted,
      ),
  );
}
