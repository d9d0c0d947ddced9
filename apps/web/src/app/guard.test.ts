import { describe, expect, it, vi } from 'vitest';
import { guard, type RouterContext } from './guard.ts';
import { observable, type Session, selectCustomerById } from './session.ts';

/** A signed-in session in which the user may open `allowed` customers, with `selectedId` selected. */
function sessionOf(allowed: number[], selectedId: number) {
  const selected = observable<{ id: number; name: string } | undefined>({ id: selectedId, name: 'Before' });
  const names: Record<number, string> = { 1002: 'Northwind Logistics Ltd', 1003: 'Van Dijk & Partners' };
  const GET = vi.fn(async (_path: string, init: { params: { path: { customer_id: number } } }) => ({
    data: { display_name: names[init.params.path.customer_id] },
    response: new Response(),
  }));
  const session = {
    auth: { getState: () => ({ authenticated: true }) },
    api: { GET },
    selected,
    can: (_requirement: unknown, customerId?: number) =>
      allowed.includes(customerId ?? selected.get()?.id ?? 0),
    selectCustomer: (customer: { id: number; name: string }) => selected.set(customer),
    selectById: (id: number) => selectCustomerById(session, id),
  } as unknown as Session;
  return { session, selected, GET };
}

const args = (session: Session, customerId?: string) => ({
  context: { session, testMode: false } satisfies RouterContext,
  location: { href: `/company/${customerId ?? ''}` },
  params: { customerId },
});

describe('guard', () => {
  const check = guard({ customer: ['company-read'] }, (params) => params.customerId);

  it('selects the customer of the URL the user may open, with its name for the switcher', async () => {
    const { session, selected } = sessionOf([1002, 1003], 1002);
    await check(args(session, '1003'));
    expect(selected.get()).toEqual({ id: 1003, name: 'Van Dijk & Partners' });
  });

  it('leaves the selection alone when the URL names the selected customer or none', async () => {
    const { session, selected, GET } = sessionOf([1002], 1002);
    await check(args(session, '1002'));
    await check(args(session));
    expect(selected.get()).toEqual({ id: 1002, name: 'Before' });
    expect(GET).not.toHaveBeenCalled();
  });

  it('refuses a customer the user may not open, without selecting it', async () => {
    const { session, selected } = sessionOf([1002], 1002);
    await expect(check(args(session, '1003'))).rejects.toMatchObject({
      options: { to: '/error', search: { cause: 'forbidden' } },
    });
    expect(selected.get()?.id).toBe(1002);
  });
});
