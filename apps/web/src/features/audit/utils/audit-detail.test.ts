import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../test/dom.ts';
import { auditDetail } from './audit-detail.ts';

describe("a customer's links in the audit log", () => {
  it.each([
    ['nl', 'Koppelingen: – → Boekhouding: ACC-20077'],
    ['en', 'Links: – → Accounting: ACC-20077'],
  ] as const)('are named as the company screen names them (%s), not by their key', async (language, text) => {
    const t = (await testI18n(language)).t;
    const detail = auditDetail(
      { action: 'customer.create', summary: 'links: – → accounting:ACC-20077' },
      t,
      language,
    );
    expect(detail).toBe(text);
  });

  it('names every link of a list, and keeps a type it has no name for as it is', async () => {
    const t = (await testI18n('nl')).t;
    const detail = auditDetail(
      {
        action: 'customer.create',
        summary: 'display_name: – → Molen De Hoop B.V.; links: – → accounting:ACC-1, netbox:molen, crm:42',
      },
      t,
      'nl',
    );
    expect(detail).toBe(
      'Naam: – → Molen De Hoop B.V.; Koppelingen: – → Boekhouding: ACC-1, NetBox: molen, crm: 42',
    );
  });
});
