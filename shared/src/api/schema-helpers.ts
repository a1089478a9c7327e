import { Type, type TSchema } from 'typebox';

// Small schema builders the player contract's files share (not part of the API barrel).

export const DateTime = (description?: string) =>
  Type.String(description ? { format: 'date-time', description } : { format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});
