import { Type, type TLiteral, type TObject, type TSchema, type TSchemaOptions, type TUnion } from 'typebox';

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/**
 * A union of string literals from a constant list, typed member by member. `Type.Union(list.map(...))`
 * validates the same way but its static type is `never` (the mapped array is not a tuple).
 */
export function literalUnion<const T extends readonly string[]>(
  values: T,
  options?: TSchemaOptions,
): TUnion<Literals<T>> {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  ) as unknown as TUnion<Literals<T>>;
}

/** An object with one property per value of a constant list, each of the same schema (a total record). */
export function literalRecord<const T extends readonly string[], S extends TSchema>(
  keys: T,
  value: S,
  options?: TSchemaOptions,
): TObject<{ [K in T[number]]: S }> {
  return Type.Object(Object.fromEntries(keys.map((key) => [key, value])), options) as unknown as TObject<{
    [K in T[number]]: S;
  }>;
}
