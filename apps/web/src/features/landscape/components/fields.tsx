import type { LandscapeObject } from '@portaal/contracts';
import type { LandscapeKind } from '@portaal/contracts/landscape-rules';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import classes from './landscape.module.css';
import { LandscapeStatusBadge } from './landscape-badges.tsx';
import { RefValue } from './object-link.tsx';

export interface Field {
  key: string;
  /** Shown as a table column (the rest only on the object page). */
  column: boolean;
  render: (object: LandscapeObject, t: TFunction) => ReactNode;
}

const text = (value: string | number | null | undefined): ReactNode =>
  value === null || value === undefined || value === '' ? '–' : String(value);
const mono = (value: string | null) => (value ? <span className={classes.mono}>{value}</span> : '–');

/** Type-narrowing accessor: the field only exists on one kind. */
function on<K extends LandscapeKind>(
  kind: K,
  read: (object: Extract<LandscapeObject, { kind: K }>, t: TFunction) => ReactNode,
) {
  return (object: LandscapeObject, t: TFunction) =>
    object.kind === kind ? read(object as Extract<LandscapeObject, { kind: K }>, t) : '–';
}

const status: Field = {
  key: 'status',
  column: true,
  render: (o) => <LandscapeStatusBadge status={o.status} />,
};
const tenant: Field = { key: 'tenant', column: false, render: (o) => text(o.tenant) };

/** The fields of each kind, in DESIGN.md §8's order; the name is shown apart as the link or title. */
export const fieldsByKind: Record<LandscapeKind, Field[]> = {
  devices: [
    { key: 'role', column: true, render: on('devices', (o, t) => t(`landscape.roles.${o.role}`)) },
    status,
    { key: 'rack', column: true, render: on('devices', (o) => <RefValue value={o.rack} />) },
    {
      key: 'position',
      column: true,
      render: on('devices', (o, t) =>
        o.position_u === null
          ? '–'
          : o.height_u > 1
            ? t('landscape.unitRange', { from: o.position_u, to: o.position_u + o.height_u - 1 })
            : t('landscape.unit', { unit: o.position_u }),
      ),
    },
    { key: 'location', column: false, render: on('devices', (o) => text(o.location)) },
    { key: 'datacenter', column: true, render: on('devices', (o) => text(o.datacenter)) },
    {
      key: 'height',
      column: false,
      render: on('devices', (o, t) => t('landscape.units', { count: o.height_u })),
    },
    { key: 'platform', column: false, render: on('devices', (o) => text(o.platform)) },
    { key: 'serial', column: false, render: on('devices', (o) => mono(o.serial)) },
    { key: 'cluster', column: false, render: on('devices', (o) => <RefValue value={o.cluster} />) },
    tenant,
  ],
  'virtual-machines': [
    { key: 'cluster', column: true, render: on('virtual-machines', (o) => <RefValue value={o.cluster} />) },
    { key: 'clusterType', column: false, render: on('virtual-machines', (o) => text(o.cluster_type)) },
    status,
    { key: 'role', column: true, render: on('virtual-machines', (o) => text(o.role)) },
    { key: 'dnsName', column: false, render: on('virtual-machines', (o) => mono(o.dns_name)) },
    { key: 'family', column: true, render: on('virtual-machines', (o) => text(o.family)) },
    {
      key: 'resources',
      column: false,
      render: on('virtual-machines', (o, t) =>
        t('landscape.resources', { cpus: o.vcpus, memory: Math.round(o.memory_mb / 1024), disk: o.disk_gb }),
      ),
    },
    { key: 'datacenter', column: false, render: on('virtual-machines', (o) => text(o.datacenter)) },
    tenant,
  ],
  racks: [
    { key: 'location', column: true, render: on('racks', (o) => text(o.location)) },
    { key: 'datacenter', column: true, render: on('racks', (o) => text(o.datacenter)) },
    status,
    {
      key: 'height',
      column: true,
      render: on('racks', (o, t) => t('landscape.units', { count: o.height_u })),
    },
    {
      key: 'spaceUtilization',
      column: true,
      render: on('racks', (o, t) => t('landscape.percent', { value: o.space_utilization })),
    },
    { key: 'deviceCount', column: true, render: on('racks', (o) => text(o.device_count)) },
    tenant,
  ],
  'ip-addresses': [
    { key: 'family', column: true, render: on('ip-addresses', (o) => `IPv${o.family}`) },
    { key: 'dnsName', column: true, render: on('ip-addresses', (o) => mono(o.dns_name)) },
    status,
    { key: 'role', column: true, render: on('ip-addresses', (o) => text(o.role)) },
    {
      key: 'vlan',
      column: true,
      render: on('ip-addresses', (o) => (o.vlan ? `${o.vlan.vid} · ${o.vlan.name}` : '–')),
    },
    { key: 'assigned', column: true, render: on('ip-addresses', (o) => <RefValue value={o.assigned} />) },
    { key: 'prefix', column: false, render: on('ip-addresses', (o) => <RefValue value={o.prefix} />) },
    tenant,
  ],
  prefixes: [
    { key: 'family', column: true, render: on('prefixes', (o) => `IPv${o.family}`) },
    {
      key: 'vlan',
      column: true,
      render: on('prefixes', (o) => (o.vlan ? `${o.vlan.vid} · ${o.vlan.name}` : '–')),
    },
    status,
    { key: 'role', column: true, render: on('prefixes', (o) => text(o.role)) },
    {
      key: 'utilization',
      column: true,
      render: on('prefixes', (o, t) => t('landscape.percent', { value: o.utilization })),
    },
    { key: 'datacenter', column: false, render: on('prefixes', (o) => text(o.datacenter)) },
    { key: 'description', column: false, render: on('prefixes', (o) => text(o.description)) },
    tenant,
  ],
  'kubernetes-clusters': [
    { key: 'location', column: true, render: on('kubernetes-clusters', (o) => text(o.location)) },
    { key: 'datacenter', column: false, render: on('kubernetes-clusters', (o) => text(o.datacenter)) },
    { key: 'version', column: true, render: on('kubernetes-clusters', (o) => text(o.version)) },
    { key: 'nodeCount', column: true, render: on('kubernetes-clusters', (o) => text(o.node_count)) },
    status,
    { key: 'apiEndpoint', column: true, render: on('kubernetes-clusters', (o) => mono(o.api_endpoint)) },
    tenant,
  ],
  'vmware-clusters': [
    { key: 'datacenter', column: true, render: on('vmware-clusters', (o) => text(o.datacenter)) },
    status,
    { key: 'vmCount', column: true, render: on('vmware-clusters', (o) => text(o.vm_count)) },
    { key: 'deviceCount', column: true, render: on('vmware-clusters', (o) => text(o.device_count)) },
    tenant,
  ],
};
