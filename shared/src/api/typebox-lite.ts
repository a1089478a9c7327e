/**
 * The 'typebox' schema builders the contract uses, building the same JSON Schema without TypeBox's
 * runtime (about 11 KB gzip, a fixed cost in any bundle that imports one schema). A client bundle
 * needs an entry's method and path at run time, never its schemas: the client build may alias
 * 'typebox' to this module so that the endpoint entries it imports cost only their own small objects
 * (types still come from the real package: the alias is a bundler setting, not a TypeScript one).
 * shared/test/typebox-lite.test.ts checks that every schema of the table comes out the same.
 */
type Schema = Record<string, unknown>;
type Options = Schema | undefined;

/** Optional members of an object, as TypeBox marks them (its own mark is not enumerable either). */
const optional = new WeakSet<object>();
const literalType = (value: unknown) => (typeof value === 'string' ? 'string' : typeof value);

export const Type = {
  String: (options?: Options) => ({ type: 'string', ...options }),
  Integer: (options?: Options) => ({ type: 'integer', ...options }),
  Number: (options?: Options) => ({ type: 'number', ...options }),
  Boolean: (options?: Options) => ({ type: 'boolean', ...options }),
  Null: (options?: Options) => ({ type: 'null', ...options }),
  Unknown: (options?: Options) => ({ ...options }),
  Unsafe: (options?: Options) => ({ ...options }),
  Literal: (value: string | number | boolean, options?: Options) => ({
    type: literalType(value),
    const: value,
    ...options,
  }),
  Union: (anyOf: Schema[], options?: Options) => ({ anyOf, ...options }),
  Array: (items: Schema, options?: Options) => ({ type: 'array', items, ...options }),
  Record: (_key: Schema, value: Schema, options?: Options) => ({
    type: 'object',
    patternProperties: { '^.*$': value },
    ...options,
  }),
  Object: (properties: Record<string, Schema>, options?: Options) => {
    const required = Object.keys(properties).filter((key) => !optional.has(properties[key]!));
    return { type: 'object', ...(required.length > 0 ? { required } : {}), properties, ...options };
  },
  Optional: (schema: Schema) => {
    const marked = { ...schema };
    optional.add(marked);
    return marked;
  },
};
