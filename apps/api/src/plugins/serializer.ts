import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema: only declared properties leave the server, and it is several times cheaper than parsing
 * every answer with zod before JSON.stringify. Input is still validated by zod.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(forSerializing(jsonSchema) as unknown as Parameters<typeof fastJson>[0]) as (
    data: unknown,
  ) => string;
};

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const NULL_ONLY = (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1;

/** Keys whose values are data, not schemas: left as they are. */
const DATA_KEYS = new Set(['const', 'enum', 'default', 'examples', 'required', 'description', 'title']);

/**
 * fast-json-stringify checks a value of an anyOf or oneOf against each branch with ajv before it
 * writes it: for a list of 25 devices, 100 validations per answer (a third of its time). zod gives two
 * such shapes, rewritten here into what it writes directly, with the same output:
 * - a nullable value, anyOf [X, {type: 'null'}], where X has (or refers to a definition with) a single
 *   type: X with `type: [X's type, 'null']`;
 * - a discriminated union, the branches objects that each require a constant of one property (`kind`):
 *   an if/then/else chain on that constant, whose test is a single comparison.
 * Anything else stays as zod wrote it.
 */
export function forSerializing(root: JsonSchema): JsonSchema {
  const definitions = isSchema(root.definitions) ? root.definitions : {};
  const rewritten = new Map<string, JsonSchema>();

  function definition(name: string): JsonSchema | undefined {
    let found = rewritten.get(name);
    if (found === undefined) {
      const raw = definitions[name];
      if (!isSchema(raw)) return undefined;
      // A definition that refers to itself sees itself as zod wrote it.
      rewritten.set(name, raw);
      found = rewrite(raw);
      rewritten.set(name, found);
    }
    return found;
  }

  function target(schema: JsonSchema): JsonSchema | undefined {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    return ref.startsWith('#/definitions/') ? definition(ref.slice('#/definitions/'.length)) : undefined;
  }

  function rewrite(schema: JsonSchema): JsonSchema {
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'definitions' || DATA_KEYS.has(key)) out[key] = value;
      else if (Array.isArray(value)) out[key] = value.map((item) => (isSchema(item) ? rewrite(item) : item));
      else if (isSchema(value)) {
        // properties and patternProperties map names to schemas.
        out[key] =
          key === 'properties' || key === 'patternProperties'
            ? Object.fromEntries(
                Object.entries(value).map(([name, inner]) => [
                  name,
                  isSchema(inner) ? rewrite(inner) : inner,
                ]),
              )
            : rewrite(value);
      } else out[key] = value;
    }
    const key = Array.isArray(out.anyOf) ? 'anyOf' : Array.isArray(out.oneOf) ? 'oneOf' : undefined;
    if (!key) return out;
    const branches = (out[key] as unknown[]).filter(isSchema);
    if (branches.length !== (out[key] as unknown[]).length) return out;
    const { [key]: _union, ...rest } = out;

    const values = branches.filter((branch) => !NULL_ONLY(branch));
    const value = values.length === 1 && branches.length === 2 ? values[0] : undefined;
    const valueSchema = value && target(value);
    if (valueSchema && typeof valueSchema.type === 'string' && !valueSchema.anyOf && !valueSchema.oneOf) {
      return { ...rest, ...valueSchema, type: [valueSchema.type, 'null'] };
    }

    const found = branches.map(target);
    if (!found.every(isSchema)) return out;
    const objects = found as JsonSchema[];
    const first = objects[0];
    if (!first || !isSchema(first.properties)) return out;
    const discriminator = Object.keys(first.properties).find((name) =>
      objects.every(
        (object) =>
          object.type === 'object' &&
          isSchema(object.properties) &&
          isSchema(object.properties[name]) &&
          object.properties[name].const !== undefined &&
          Array.isArray(object.required) &&
          object.required.includes(name),
      ),
    );
    if (!discriminator) return out;
    const constants = objects.map((object) => (object.properties as JsonSchema)[discriminator] as JsonSchema);
    if (new Set(constants.map((constant) => JSON.stringify(constant.const))).size !== constants.length)
      return out;
    // The last branch is the chain's end: a value none of the others claim is written (and checked) by it.
    let chain: JsonSchema = branches.at(-1) as JsonSchema;
    for (let index = branches.length - 2; index >= 0; index--) {
      chain = {
        if: {
          type: 'object',
          properties: { [discriminator]: { const: constants[index]?.const } },
          required: [discriminator],
        },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, never awaited.
        then: branches[index],
        else: chain,
      };
    }
    return { ...rest, ...chain };
  }

  const result = rewrite(root);
  if (isSchema(root.definitions)) {
    result.definitions = Object.fromEntries(Object.keys(definitions).map((name) => [name, definition(name)]));
  }
  return result;
}
