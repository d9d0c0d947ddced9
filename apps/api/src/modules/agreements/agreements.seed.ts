import { nextAgreementTotal } from '@portaal/contracts';
import type { Database } from '../../db/client.ts';
import { seedOnce } from '../../db/seed/seed-once.ts';
import { agreementChanges, agreements } from './agreements.table.ts';

interface DemoChange {
  at: string;
  amount: string;
  renewal?: boolean;
  comment: string;
}

interface DemoAgreement {
  customerId: number;
  unit: 'hours' | 'days' | 'units';
  poNumber: string | null;
  changes: DemoChange[];
}

const joris = { byUserId: '6f1c2a10-0008-4a1e-9c01-000000000008', byName: 'Joris Mulder' };

/** The demo's usage agreements: fixed dates and amounts, so every database holds the same. */
export const demoAgreements: DemoAgreement[] = [
  {
    customerId: 1001,
    unit: 'hours',
    poNumber: 'PO-2026-0412',
    changes: [
      {
        at: '2026-01-06T09:15:00Z',
        amount: '40.00',
        renewal: true,
        comment: 'Bundle of 40 hours for 2026 agreed',
      },
      { at: '2026-02-18T14:02:00Z', amount: '-6.50', comment: 'Migration of the web shop to PHP 8.3' },
      { at: '2026-04-02T10:30:00Z', amount: '-3.25', comment: 'Firewall rules for the new branch' },
      { at: '2026-06-11T16:45:00Z', amount: '10.00', comment: 'Extra hours ordered by mail (PO amended)' },
      { at: '2026-09-23T08:20:00Z', amount: '-12.75', comment: 'Performance analysis of the order system' },
    ],
  },
  {
    customerId: 1002,
    unit: 'hours',
    poNumber: 'NW-7731',
    changes: [
      { at: '2025-12-01T08:00:00Z', amount: '24.00', renewal: true, comment: 'Yearly renewal, 24 hours' },
      { at: '2026-03-09T13:10:00Z', amount: '-8.00', comment: 'Kubernetes upgrade assistance' },
      { at: '2026-05-20T11:00:00Z', amount: '-4.50', comment: 'Backup restore test with the customer' },
      {
        at: '2026-10-01T08:00:00Z',
        amount: '30.00',
        renewal: true,
        comment: 'Renewed for the next term at 30 hours',
      },
    ],
  },
  {
    customerId: 1005,
    unit: 'days',
    poNumber: null,
    changes: [
      { at: '2026-02-02T09:00:00Z', amount: '5.00', renewal: true, comment: 'Five consultancy days agreed' },
      { at: '2026-07-14T15:30:00Z', amount: '-1.50', comment: 'Security workshop on site' },
      { at: '2026-08-28T10:00:00Z', amount: '-0.50', comment: 'Review of the disaster recovery plan' },
    ],
  },
];

const SEED_NAME = 'demo-agreements';

/** Loads the demo agreements once (their own seed name, so an older data folder gets them on its next start). */
export async function seedDemoAgreements(db: Database): Promise<boolean> {
  return seedOnce(db, SEED_NAME, async (tx) => {
    for (const demo of demoAgreements) {
      let total = '0.00';
      const rows = demo.changes.map((change) => {
        const next = nextAgreementTotal(total, change.amount, change.renewal ?? false);
        if (!next.ok) throw new Error(`demo agreement ${demo.customerId}: ${change.comment} is refused`);
        total = next.total;
        return {
          customerId: demo.customerId,
          amount: change.amount,
          newTotal: next.total,
          renewal: change.renewal ?? false,
          comment: change.comment,
          ...joris,
          createdAt: change.at,
        };
      });
      await tx.insert(agreementChanges).values(rows);
      await tx.insert(agreements).values({
        customerId: demo.customerId,
        unit: demo.unit,
        total,
        poNumber: demo.poNumber,
        updatedAt: demo.changes.at(-1)?.at ?? '2026-01-01T00:00:00Z',
      });
    }
  });
}
