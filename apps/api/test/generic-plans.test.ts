import { describe, expect, inject, it } from 'vitest';
import { createDatabase, createGenericPlanPool } from '../src/db/client.ts';
import { createDatabaseLandscapeSource } from '../src/modules/landscape/landscape.repo.ts';

/**
 * The landscape search runs on a pool of its own with generic plans (db/client.ts): that pool must
 * really plan generically, the main pool must keep planning per value (its keyset lists need it), and
 * the search must answer the same on both.
 */
describe('the generic-plan pool', () => {
  it('plans generically, beside a main pool that plans per value, and the search answers the same', async () => {
    const { db, pool } = createDatabase(inject('databaseUrl'), 2);
    const generic = createGenericPlanPool(pool, 2);
    try {
      const mode = async (on: typeof pool) =>
        (await on.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]?.plan_cache_mode;
      expect(await mode(generic)).toBe('force_generic_plan');
      expect(await mode(pool)).toBe('force_custom_plan');

      const custom = createDatabaseLandscapeSource(db);
      const generics = createDatabaseLandscapeSource(db, generic);
      for (const text of ['srv', 'web', 'db01', 'gk_web', '10.', 'nothing-like-this']) {
        // More than five runs: a plan cache's switch would happen by now.
        for (let run = 0; run < 7; run++) {
          expect(await generics.search(1001, text, 10)).toEqual(await custom.search(1001, text, 10));
        }
      }
      const found = await generics.search(1001, 'web', 10);
      expect(found.servers.length + found.others.length).toBeGreaterThan(0);
    } finally {
      await generic.end();
      await pool.end();
    }
  });
});
