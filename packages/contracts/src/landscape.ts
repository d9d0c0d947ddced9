import { z } from 'zod';
import { commaList, cursorSchema, customerIdSchema, limitSchema, NO_NUL, noNul } from './common.ts';
import { parseObjectId } from './landscape-ids.ts';
import { deviceRoles, type LandscapeKind, landscapeKinds, landscapeStatuses } from './landscape-rules.ts';

export * from './landscape-ids.ts';
export * from './landscape-rules.ts';

export const landscapeKindSchema = z.enum(landscapeKinds, {
  error: `must be one of ${landscapeKinds.join(', ')}`,
});
export const landscapeStatusSchema = z.enum(landscapeStatuses, {
  error: `must be one of ${landscapeStatuses.join(', ')}`,
});

// ——— Wire shapes ———

/** A link to another landscape object; `id` is null for something the landscape does not list (a non-VMware cluster). */
export const landscapeRefSchema = z
  .object({ id: z.string().nullable(), kind: landscapeKindSchema.nullable(), name: z.string() })
  .meta({ id: 'LandscapeRef' });
export type LandscapeRef = z.infer<typeof landscapeRefSchema>;

const base = {
  /** The object id, `{kind}/{key}`. */
  id: z.string(),
  name: z.string(),
  status: landscapeStatusSchema,
  tenant: z.string(),
};
const vlanSchema = z.object({ vid: z.number().int(), name: z.string() }).nullable();

export const deviceSchema = z
  .object({
    ...base,
    kind: z.literal('devices'),
    role: z.enum(deviceRoles),
    rack: landscapeRefSchema.nullable(),
    position_u: z.number().int().nullable(),
    height_u: z.number().int(),
    location: z.string().nullable(),
    datacenter: z.string().nullable(),
    platform: z.string().nullable(),
    serial: z.string().nullable(),
    cluster: landscapeRefSchema.nullable(),
  })
  .meta({ id: 'LandscapeDevice' });

export const virtualMachineSchema = z
  .object({
    ...base,
    kind: z.literal('virtual-machines'),
    cluster: landscapeRefSchema.nullable(),
    cluster_type: z.string().nullable(),
    role: z.string().nullable(),
    dns_name: z.string().nullable(),
    family: z.string().nullable(),
    vcpus: z.number().int(),
    memory_mb: z.number().int(),
    disk_gb: z.number().int(),
    datacenter: z.string().nullable(),
  })
  .meta({ id: 'LandscapeVirtualMachine' });

export const rackSchema = z
  .object({
    ...base,
    kind: z.literal('racks'),
    location: z.string().nullable(),
    datacenter: z.string().nullable(),
    height_u: z.number().int(),
    space_utilization: z.number(),
    device_count: z.number().int(),
  })
  .meta({ id: 'LandscapeRack' });

export const ipAddressSchema = z
  .object({
    ...base,
    kind: z.literal('ip-addresses'),
    address: z.string(),
    family: z.union([z.literal(4), z.literal(6)]),
    dns_name: z.string().nullable(),
    role: z.string().nullable(),
    vlan: vlanSchema,
    assigned: landscapeRefSchema.nullable(),
    prefix: landscapeRefSchema.nullable(),
  })
  .meta({ id: 'LandscapeIpAddress' });

export const prefixSchema = z
  .object({
    ...base,
    kind: z.literal('prefixes'),
    prefix: z.string(),
    family: z.union([z.literal(4), z.literal(6)]),
    vlan: vlanSchema,
    role: z.string().nullable(),
    utilization: z.number(),
    datacenter: z.string().nullable(),
    description: z.string().nullable(),
  })
  .meta({ id: 'LandscapePrefix' });

export const kubernetesClusterSchema = z
  .object({
    ...base,
    kind: z.literal('kubernetes-clusters'),
    location: z.string().nullable(),
    datacenter: z.string().nullable(),
    version: z.string(),
    node_count: z.number().int(),
    api_endpoint: z.string(),
  })
  .meta({ id: 'LandscapeKubernetesCluster' });

export const vmwareClusterSchema = z
  .object({
    ...base,
    kind: z.literal('vmware-clusters'),
    datacenter: z.string().nullable(),
    vm_count: z.number().int(),
    device_count: z.number().int(),
  })
  .meta({ id: 'LandscapeVmwareCluster' });

export const landscapeObjectSchema = z
  .discriminatedUnion('kind', [
    deviceSchema,
    virtualMachineSchema,
    rackSchema,
    ipAddressSchema,
    prefixSchema,
    kubernetesClusterSchema,
    vmwareClusterSchema,
  ])
  .meta({ id: 'LandscapeObject' });
export type LandscapeObject = z.infer<typeof landscapeObjectSchema>;
export type LandscapeDevice = z.infer<typeof deviceSchema>;
export type LandscapeVirtualMachine = z.infer<typeof virtualMachineSchema>;
export type LandscapeRack = z.infer<typeof rackSchema>;
export type LandscapeIpAddress = z.infer<typeof ipAddressSchema>;
export type LandscapePrefix = z.infer<typeof prefixSchema>;
export type LandscapeKubernetesCluster = z.infer<typeof kubernetesClusterSchema>;
export type LandscapeVmwareCluster = z.infer<typeof vmwareClusterSchema>;
export type LandscapeObjectOf<K extends LandscapeKind> = Extract<LandscapeObject, { kind: K }>;

/** A device in a drawn rack: its lowest unit and its height. */
export const rackUnitSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(deviceRoles),
  status: landscapeStatusSchema,
  position_u: z.number().int(),
  height_u: z.number().int(),
});
export type RackUnit = z.infer<typeof rackUnitSchema>;

export const landscapeDetailSchema = z
  .object({
    object: landscapeObjectSchema,
    /** Related objects by kind (a device's IPs and VMs, a cluster's VMs, a prefix's addresses …). */
    relations: z.array(z.object({ kind: landscapeKindSchema, items: z.array(landscapeRefSchema) })),
    /** For racks: the devices at their unit positions. */
    elevation: z.object({ height_u: z.number().int(), units: z.array(rackUnitSchema) }).nullable(),
  })
  .meta({ id: 'LandscapeDetail' });
export type LandscapeDetail = z.infer<typeof landscapeDetailSchema>;

/** A datacenter (NetBox site) with the locations (rooms) in it. */
export const landscapeSiteSchema = z.object({ slug: z.string(), name: z.string() });

export const landscapeSummarySchema = z
  .object({
    counts: z.record(landscapeKindSchema, z.number().int()),
    datacenters: z.array(landscapeSiteSchema),
  })
  .meta({ id: 'LandscapeSummary' });
export type LandscapeSummary = z.infer<typeof landscapeSummarySchema>;

/** A server as the trends and server screens know it: a device with role server, or a VM. */
export const serverSchema = z
  .object({
    server_id: z.string(),
    name: z.string(),
    kind: z.enum(['devices', 'virtual-machines']),
    status: landscapeStatusSchema,
    /** Datacenter and rack for devices, the cluster for VMs. */
    location: z.string().nullable(),
  })
  .meta({ id: 'Server' });
export type Server = z.infer<typeof serverSchema>;

// ——— Requests ———

export const landscapeSorts = ['name', '-name', 'status', '-status'] as const;
export type LandscapeSort = (typeof landscapeSorts)[number];

/** Text search: at least 2 characters (an IP fragment such as "10" is a search too). */
export const LANDSCAPE_SEARCH_MAX = 100;

export const landscapeListQuerySchema = z.object({
  status: commaList.pipe(z.array(landscapeStatusSchema).max(3, 'has too many values')).optional(),
  location: z
    .string()
    .max(64, 'is too long')
    .regex(/^[a-z0-9-]+$/, 'must be a datacenter slug')
    .optional(),
  q: z
    .string()
    .trim()
    .max(LANDSCAPE_SEARCH_MAX, `must be at most ${LANDSCAPE_SEARCH_MAX} characters`)
    .refine(noNul, NO_NUL)
    .optional(),
  sort: z.enum(landscapeSorts, { error: `must be one of ${landscapeSorts.join(', ')}` }).default('name'),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type LandscapeListQuery = z.infer<typeof landscapeListQuerySchema>;

export const landscapeKindParamsSchema = z.object({
  customer_id: customerIdSchema,
  kind: landscapeKindSchema,
});

export const landscapeObjectParamsSchema = z.object({
  customer_id: customerIdSchema,
  '*': z
    .string()
    .max(200, 'is too long')
    .refine((value) => parseObjectId(value) !== undefined, 'must be a landscape object id ({kind}/{key})'),
});

export const kubernetesClusterParamsSchema = z.object({
  customer_id: customerIdSchema,
  cluster_id: z.coerce
    .number({ error: 'must be a cluster id' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(2_147_483_647, 'is too large'),
});
