import type { RightsRequirement } from '@portaal/contracts';
import { redirect } from '@tanstack/react-router';
import type { Session } from './session.ts';

export interface RouterContext {
  session: Session;
  testMode: boolean;
}

interface GuardArgs {
  context: RouterContext;
  location: { href: string };
  params?: unknown;
}

/**
 * The route guard of SPEC.md §4: unauthenticated users go to login, denied authenticated users to
 * /error?cause=forbidden; the test-mode flag bypasses it. Customer rights are checked against the
 * customer in the URL when the route has one, otherwise against the selected customer. A customer in
 * the URL that the user may open becomes the selected one (SPEC §1: one customer at a time), so that
 * a link to /company/1003 never shows 1003's page under another customer's header and navigation.
 */
export function guard(
  requirement: 'login' | RightsRequirement,
  customerFromParams?: (params: Record<string, string | undefined>) => string | undefined,
) {
  return async ({ context, location, params }: GuardArgs) => {
    if (context.testMode) return;
    const { auth } = context.session;
    if (!auth.getState().authenticated) {
      await auth.login(new URL(location.href, window.location.origin).toString());
      // The browser is on its way to the login page; keep this navigation pending.
      await new Promise(() => {});
    }
    if (requirement === 'login') return;
    const fromUrl = customerFromParams?.((params ?? {}) as Record<string, string | undefined>);
    const customerId = fromUrl !== undefined ? Number(fromUrl) : undefined;
    if (!context.session.can(requirement, customerId)) {
      // The refused screen goes along, so the page can offer the customers where it is allowed.
      throw redirect({ to: '/error', search: { cause: 'forbidden', from: location.href } });
    }
    if (customerId !== undefined) await context.session.selectById(customerId);
  };
}
