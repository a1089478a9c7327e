import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * The route schemas' validators and serializers, compiled once per process and schema.
 *
 * Fastify compiles every route's Ajv validators and fast-json-stringify serializers for each app it
 * builds. A server process builds one app; the API tests build one per test (about 450 ms of compiling
 * each, most of the suite's CPU). A compiled function depends only on its schema and its options, so
 * it is kept here by the schema's JSON text and the options it was built with, and every app in the
 * process reuses it.
 */

type Compiled = ((data: unknown) => unknown) & { errors?: unknown };
export type ValidatorArgs = { schema: object; method: string; url: string; httpPart?: string };
type SerializerArgs = { schema: object; method: string; url: string; httpStatus?: string };
type ValidatorFactory = (args: ValidatorArgs) => Compiled;

const validators = new Map<string, Compiled>();
const serializers = new Map<string, Compiled>();
// Ajv instances by options: `AjvCompiler()` keeps one per (external schemas, options) pair.
const ajvPool = AjvCompiler();
const buildSerializer = SerializerSelector()({}, {});

/** Ajv options for request bodies (no coercion, see strict-inputs.ts) and for the other parts. */
export type AjvMode = 'body' | 'other';
const ajvOptions: Record<AjvMode, object> = { body: { coerceTypes: false }, other: {} };

function cached(cache: Map<string, Compiled>, key: string, build: () => Compiled): Compiled {
  const found = cache.get(key);
  if (found) return found;
  const compiled = build();
  cache.set(key, compiled);
  return compiled;
}

/**
 * The same, looked up first by the schema object itself: the endpoint table's schemas are constants, so
 * every app after the first finds its compiled functions without writing each schema out as JSON
 * (which cost about a third of an app's start). `variant` names what else the function depends on.
 */
const bySchema = new WeakMap<object, Map<string, Compiled>>();

function cachedBySchema(
  cache: Map<string, Compiled>,
  schema: object,
  variant: string,
  key: () => string,
  build: () => Compiled,
): Compiled {
  let variants = bySchema.get(schema);
  if (!variants) bySchema.set(schema, (variants = new Map()));
  const found = variants.get(variant);
  if (found) return found;
  const compiled = cached(cache, key(), build);
  variants.set(variant, compiled);
  return compiled;
}

/**
 * A validator for `args.schema` from the Ajv of `mode` (with the app's shared schemas, `app.getSchemas()`),
 * compiled once per process.
 */
export function compileValidator(mode: AjvMode, shared: Record<string, unknown>, args: ValidatorArgs): Compiled {
  const sharedText = JSON.stringify(shared);
  const variant = `validator\u0000${mode}\u0000${sharedText}`;
  const key = () => `${variant}\u0000${JSON.stringify(args.schema)}`;
  return cachedBySchema(validators, args.schema, variant, key, () => {
    const factory = ajvPool(
      shared as never,
      { customOptions: ajvOptions[mode] } as never,
    ) as unknown as ValidatorFactory;
    return factory(args);
  });
}

/** Fastify's serializer compiler, with each response schema's serializer built once per process. */
export function compileSerializer(args: SerializerArgs): Compiled {
  return cachedBySchema(
    serializers,
    args.schema,
    'serializer',
    () => JSON.stringify(args.schema),
    () => buildSerializer(args as never) as Compiled,
  );
}
