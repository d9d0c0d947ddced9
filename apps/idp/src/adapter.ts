import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { idpPayloads } from './idp.table.ts';
import type { IdpDatabase } from './types.ts';

type Payload = Record<string, unknown>;

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** Rows whose expiry has passed are invisible, whether or not the clean-up has removed them yet. */
const live = (now: Date) => or(isNull(idpPayloads.expiresAt), gt(idpPayloads.expiresAt, now));

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions) in idp_payloads, so
 * a restart or a second process keeps every session. One instance per model.
 */
export class DrizzleAdapter implements Adapter {
  private readonly model: string;
  private readonly db: IdpDatabase;

  constructor(model: string, db: IdpDatabase) {
    this.model = model;
    this.db = db;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const stored: Payload = { ...payload };
    const consumed = typeof stored.consumed === 'number' ? new Date(stored.consumed * 1000) : null;
    delete stored.consumed;
    const row = {
      payload: stored,
      grantId: stringOrNull(stored.grantId),
      userCode: stringOrNull(stored.userCode),
      uid: stringOrNull(stored.uid),
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
      consumedAt: consumed,
    };
    await this.db
      .insert(idpPayloads)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [idpPayloads.model, idpPayloads.id], set: row });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    // Only the static client exists; unknown client ids must not cost a query.
    if (this.model === 'Client') return undefined;
    return this.findWhere(eq(idpPayloads.id, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpPayloads.uid, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(idpPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(idpPayloads).where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(idpPayloads)
      .where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.grantId, grantId)));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: idpPayloads.payload, consumedAt: idpPayloads.consumedAt })
      .from(idpPayloads)
      .where(and(eq(idpPayloads.model, this.model), condition, live(new Date())))
      .limit(1);
    if (!row) return undefined;
    return row.consumedAt ? { ...row.payload, consumed: epoch(row.consumedAt) } : row.payload;
  }
}

/** Revokes a grant and everything issued under it (codes, refresh tokens), in one statement. */
export async function revokeGrant(db: IdpDatabase, grantId: string): Promise<void> {
  await db
    .delete(idpPayloads)
    .where(
      or(eq(idpPayloads.grantId, grantId), and(eq(idpPayloads.model, 'Grant'), eq(idpPayloads.id, grantId))),
    );
}

/** The session whose authorization for a client carries this sid (the sid claim of its ID tokens). */
export async function findSessionIdBySid(
  db: IdpDatabase,
  clientId: string,
  sid: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: idpPayloads.id })
    .from(idpPayloads)
    .where(
      and(
        eq(idpPayloads.model, 'Session'),
        sql`${idpPayloads.payload} -> 'authorizations' -> ${clientId} ->> 'sid' = ${sid}`,
        live(new Date()),
      ),
    )
    .limit(1);
  return row?.id;
}

/** Expired rows are never read again; consumed refresh tokens stay until expiry so reuse is still detected. */
export async function deleteExpired(db: IdpDatabase): Promise<void> {
  await db.delete(idpPayloads).where(lt(idpPayloads.expiresAt, new Date()));
}
