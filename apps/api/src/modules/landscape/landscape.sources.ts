import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createDatabaseLandscapeSource } from './landscape.repo.ts';
import type { LandscapeSource } from './landscape.source.ts';
import { createNetboxLandscapeSource } from './netbox.source.ts';

/** NetBox when NETBOX_URL is set, else the portal database (DESIGN.md §8). */
export function createLandscapeSource(
  config: Pick<Config, 'NETBOX_URL' | 'NETBOX_TOKEN'>,
  db: Database,
): LandscapeSource {
  if (config.NETBOX_URL && config.NETBOX_TOKEN) {
    return createNetboxLandscapeSource({ url: config.NETBOX_URL, token: config.NETBOX_TOKEN, db });
  }
  return createDatabaseLandscapeSource(db);
}
