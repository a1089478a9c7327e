import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { UsersService } from './service.js';

type UserApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What every route file of the module shares. */
export interface UserRouteContext {
  app: UserApp;
  service: UsersService;
  ok: <T>(data: T, message?: string) => { success: true; data: T; message?: string };
}
