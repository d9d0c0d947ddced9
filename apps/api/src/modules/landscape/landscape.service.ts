import {
  type LandscapeDetail,
  type LandscapeKind,
  type LandscapeListQuery,
  type LandscapeObject,
  type LandscapeRef,
  type LandscapeSummary,
  parseObjectId,
  type Server,
} from '@portaal/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { Cursors } from '../../lib/cursor.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { kubeconfigYaml } from './kubeconfig.ts';
import { decodeLandscapeCursor, encodeLandscapeCursor } from './landscape.cursor.ts';
import type { LandscapeFinds, LandscapeSource, OfflineServers } from './landscape.source.ts';

export interface LandscapeDeps {
  source: LandscapeSource;
  audit: AuditLog;
  cursors: Cursors;
  /** The OIDC issuer and client the kubeconfig's kubelogin signs in with. */
  oidc: { issuer: string; clientId: string };
}

/** Who downloads (for the audit log). */
export interface Actor {
  id: string;
  name: string;
  requestId: string;
}

const objectNotFound = (id: string) =>
  notFound('LANDSCAPE_OBJECT_NOT_FOUND', `Landscape object ${id} does not exist or you cannot see it.`);

/**
 * The landscape of DESIGN.md §8 for one customer at a time. Rights are checked by the routes' declared
 * access (infra-read); everything here is scoped to the customer in the path, so an object of another
 * customer is not found.
 */
export function createLandscapeService({ source, audit, cursors, oidc }: LandscapeDeps) {
  return {
    async list(
      customerId: number,
      kind: LandscapeKind,
      query: LandscapeListQuery,
    ): Promise<{ items: LandscapeObject[]; nextCursor?: string }> {
      const after = query.cursor ? decodeLandscapeCursor(cursors, kind, query.sort, query.cursor) : undefined;
      const page = await source.list({
        customerId,
        kind,
        sort: query.sort,
        statuses: query.status,
        location: query.location,
        text: query.q || undefined,
        after,
        limit: query.limit,
      });
      return {
        items: page.items,
        nextCursor: page.nextAfter
          ? encodeLandscapeCursor(cursors, kind, query.sort, page.nextAfter)
          : undefined,
      };
    },

    async object(customerId: number, id: string): Promise<LandscapeDetail> {
      const parsed = parseObjectId(id);
      const detail = parsed ? await source.get(customerId, parsed) : undefined;
      if (!detail) throw objectNotFound(id);
      return detail;
    },

    /**
     * One of this customer's objects by any form of its id (an address with or without its length),
     * as its canonical id, kind and name; undefined when the customer has no such object.
     */
    async resolve(customerId: number, id: string): Promise<LandscapeRef | undefined> {
      const parsed = parseObjectId(id);
      const detail = parsed ? await source.get(customerId, parsed) : undefined;
      if (!detail) return undefined;
      return { id: detail.object.id, kind: detail.object.kind, name: detail.object.name };
    },

    summary(customerId: number): Promise<LandscapeSummary> {
      return source.summary(customerId);
    },

    /** The global search's servers and other objects whose name holds the text, `limit` per kind. */
    search(customerId: number, text: string, limit: number): Promise<LandscapeFinds> {
      return source.search(customerId, text, limit);
    },

    /** The customer's servers (devices with role server and the VMs); server_id is the object id. */
    servers(customerId: number, ids?: readonly string[]): Promise<Server[]> {
      return source.servers(customerId, ids);
    },

    /** How many of the customer's servers are offline, and the first `limit` of them by name. */
    offlineServers(customerId: number, limit: number): Promise<OfflineServers> {
      return source.offlineServers(customerId, limit);
    },

    /** The kubeconfig of a cluster (no secret in it), and an audit event for the download. */
    async kubeconfig(customerId: number, clusterId: number, actor: Actor) {
      const cluster = await source.kubernetesCluster(customerId, clusterId);
      if (!cluster) throw objectNotFound(`kubernetes-clusters/${clusterId}`);
      const yaml = kubeconfigYaml(cluster, oidc);
      await audit.record({
        actorId: actor.id,
        actorName: actor.name,
        customerId,
        action: 'kubeconfig.download',
        object: cluster.id,
        summary: `kubeconfig of ${cluster.name} (${cluster.api_endpoint})`,
        requestId: actor.requestId,
      });
      return { fileName: `${cluster.name}.kubeconfig.yaml`, yaml };
    },
  };
}

export type LandscapeService = ReturnType<typeof createLandscapeService>;
