import { landscapeObjectSchema } from '@portaal/contracts';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forSerializing } from './serializer.ts';

type Schema = Parameters<typeof fastJson>[0];
const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;

/** fast-json-stringify from zod's JSON Schema as it is, and from the rewritten one. */
function both(schema: z.ZodType) {
  const json = jsonSchemaOf(schema);
  return {
    asWritten: fastJson(json as unknown as Schema) as (data: unknown) => string,
    rewritten: fastJson(forSerializing(json) as unknown as Schema) as (data: unknown) => string,
    schema: forSerializing(json),
  };
}

const ref = (kind: string, id: string) => ({ id, kind, name: `${kind} ${id}` });
const device = (id: number, rack: boolean) => ({
  id: String(id),
  name: `srv-${id}`,
  status: 'active',
  tenant: 'Acme B.V.',
  kind: 'devices',
  role: 'server',
  rack: rack ? ref('racks', '7') : null,
  position_u: rack ? 12 : null,
  height_u: 2,
  location: rack ? 'Room 1' : null,
  datacenter: 'AMS1',
  platform: null,
  serial: 'SN "1"\n',
  cluster: null,
});
const virtualMachine = (id: number) => ({
  id: String(id),
  name: `vm-ü-${id}`,
  status: 'offline',
  tenant: 'Acme',
  kind: 'virtual-machines',
  cluster: ref('vmware-clusters', '3'),
  cluster_type: 'vmware',
  role: null,
  dns_name: 'a.example',
  family: null,
  vcpus: 2,
  memory_mb: 4096,
  disk_gb: 40,
  datacenter: null,
});
const rack = {
  id: '7',
  name: 'R7',
  status: 'active',
  tenant: 'Acme',
  kind: 'racks',
  location: null,
  datacenter: 'AMS1',
  height_u: 42,
  space_utilization: 0.25,
  device_count: 5,
};

describe('the response schema as fast-json-stringify gets it', () => {
  it('writes a discriminated union and nullable refs exactly as before, and as JSON.stringify', () => {
    const { asWritten, rewritten } = both(z.array(landscapeObjectSchema));
    const lists = [[device(1, true), device(2, false)], [virtualMachine(3), virtualMachine(4)], [rack], []];
    for (const list of lists) {
      expect(rewritten(list)).toBe(asWritten(list));
      expect(rewritten(list)).toBe(JSON.stringify(list));
    }
    // Properties the schema does not declare still stay home.
    expect(JSON.parse(rewritten([{ ...rack, secret: 'x' }]))).toEqual([rack]);
  });

  it('leaves no anyOf or oneOf for ajv in those shapes', () => {
    const { schema } = both(z.array(landscapeObjectSchema));
    const definitions = schema.definitions as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(definitions.LandscapeObject)).not.toMatch(/"(anyOf|oneOf)"/);
    expect(JSON.stringify(definitions.LandscapeDevice)).not.toMatch(/"(anyOf|oneOf)"/);
    expect(definitions.LandscapeObject).toMatchObject({
      if: { properties: { kind: { const: 'devices' } }, required: ['kind'] },
    });
    expect(definitions.LandscapeObject?.then).toEqual({ $ref: '#/definitions/LandscapeDevice' });
  });

  it.each([
    ['a nullable integer', z.object({ n: z.number().int().nullable() }), [{ n: 5 }, { n: null }]],
    ['a nullable array', z.object({ a: z.array(z.string()).nullable() }), [{ a: ['x'] }, { a: null }]],
    [
      'a nullable object',
      z.object({ o: z.object({ x: z.number() }).nullable() }),
      [{ o: { x: 1.5 } }, { o: null }],
    ],
    [
      'a union without a discriminator',
      z.object({ u: z.union([z.string(), z.number()]) }),
      [{ u: 'a' }, { u: 2 }],
    ],
    [
      'a nullable discriminated union',
      z.object({ u: landscapeObjectSchema.nullable() }),
      [{ u: rack }, { u: null }],
    ],
  ] as const)('writes %s as before', (_label, schema, values) => {
    const { asWritten, rewritten } = both(schema);
    for (const value of values) expect(rewritten(value)).toBe(asWritten(value));
  });
});
