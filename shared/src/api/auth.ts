import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

export const PublicUser = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    lastLogin: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'PublicUser' },
);
export type PublicUser = Static<typeof PublicUser>;

// Bodies are loosely typed on purpose: the field rules of shared/src/validation.ts run in the service so that
// each failure gets its own code (INVALID_EMAIL, WEAK_PASSWORD, ...) and exact text.
export const RegisterBody = Type.Object({
  username: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object({
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const AuthResult = Type.Object({ user: PublicUser, token: Type.String() });
export type AuthResult = Static<typeof AuthResult>;

export const AuthResponse = Ok(AuthResult);
export const MeResponse = Ok(Type.Object({ user: PublicUser }));
export const LogoutResponse = Ok(Type.Object({ loggedOut: Type.Boolean() }));
