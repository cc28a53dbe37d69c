import fastJson from 'fast-json-stringify';
import { ResponseSerializationError, serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The JSON Schema of an answer's zod schema when serialising by it writes exactly what zod would:
 * no transform, default or preprocess between what the handler returns and what is sent (the
 * schema of its input and of its output are the same). Otherwise nothing.
 */
function plainJsonSchema(schema: z.ZodType): object | undefined {
  try {
    const input = z.toJSONSchema(schema, { io: 'input', target: 'draft-7' });
    const output = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    // zod marks output objects closed; fast-json-stringify writes only the named fields either way.
    const open = JSON.stringify(output, (key, value) => (key === 'additionalProperties' && value === false ? undefined : value));
    return JSON.stringify(input) === open ? output : undefined;
  } catch {
    // A type JSON Schema cannot state (a transform, a date): zod writes it.
    return undefined;
  }
}

/**
 * How answers are written. By fast-json-stringify, compiled from the route's zod schema: it
 * writes the fields the schema names and nothing else (nothing undeclared ever leaks), several
 * times faster than zod's parse and JSON.stringify, which were the largest part of a small
 * signed-in read. fast-json-stringify writes rather than checks, though: a wrong value (a float
 * for an integer, a string outside an enum) is coerced, not refused. So outside production
 * (`validate`: tests, development) every answer is also checked by zod and a mismatch is a 500,
 * and the handlers' results are typed by the same schemas. A schema with a transform or a default
 * is written by zod everywhere.
 */
export function serializerCompiler(options: { validate: boolean }): typeof zodSerializer {
  return (route) => {
    const schema = route.schema;
    if (!(schema instanceof z.ZodType)) return zodSerializer(route);
    // Built on the route's first answer, not at start: Fastify asks for every route's serializers
    // as it starts, and building some 640 of them took most of a second.
    let write: ((data: unknown) => string) | undefined;
    const build = () => {
      const json = plainJsonSchema(schema);
      return json ? fastJson(json) : zodSerializer(route);
    };
    if (!options.validate) return (data: unknown) => (write ??= build())(data);
    return (data: unknown) => {
      const checked = schema.safeParse(data);
      if (!checked.success) throw new ResponseSerializationError(route.method, route.url, { cause: checked.error });
      return (write ??= build())(data);
    };
  };
}
