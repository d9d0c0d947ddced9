import type { Database } from '../client.ts';
import { seedState } from '../seed-state.table.ts';

export type SeedTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs one named demo seed step once per database: its name is claimed in `seed_state` in the same
 * transaction as its rows, so a second start (or a second process starting beside it) skips it.
 * True when this call ran it.
 */
export function seedOnce(
  db: Database,
  name: string,
  seed: (tx: SeedTransaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedState).values({ name }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await seed(tx);
    return true;
  });
}
