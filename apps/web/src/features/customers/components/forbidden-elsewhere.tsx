import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { RightsRequirement } from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthState, useSelectedCustomer, useSession } from '../../../app/session.ts';
import { customersQueries } from '../api/customers-queries.ts';
import { appPathOf } from '../utils/app-path.ts';
import { CustomerSwitcher } from './customer-switcher.tsx';

/** Buttons for at most this many customers; beyond, the switcher alone. */
const MAX_BUTTONS = 6;

/** The requirement of the screen at `href` (its deepest route's), or undefined when it has none. */
function requirementOf(router: ReturnType<typeof useRouter>, href: string) {
  const url = new URL(href, window.location.origin);
  const matches = router.matchRoutes(url.pathname, Object.fromEntries(url.searchParams));
  const leaf = matches.findLast((match) => match.staticData?.requirement !== undefined);
  return leaf?.staticData.requirement as 'login' | RightsRequirement | undefined;
}

/**
 * On the forbidden page (issue 15 item 4): when the screen the user was refused needs a customer
 * right that they hold in another of their customers, those customers, each opening the screen there,
 * and the customer switcher. Nothing for staff tools (global rights) or when no customer would do.
 */
export function ForbiddenElsewhere({ from: asked }: { from: string }) {
  const from = appPathOf(asked);
  const { t } = useTranslation('global');
  const session = useSession();
  const router = useRouter();
  const { authenticated } = useAuthState();
  const selected = useSelectedCustomer();
  const found = from === undefined ? undefined : requirementOf(router, from);
  // Only a customer right can be held elsewhere; staff tools need global rights.
  const requirement =
    typeof found === 'object' && found.customer !== undefined && found.global === undefined
      ? found
      : undefined;
  const customers = useQuery({
    ...customersQueries.list(session.api),
    enabled: authenticated && requirement !== undefined,
  });
  if (from === undefined || requirement === undefined || !customers.data) return null;
  const allowed = customers.data.filter(
    (customer) => customer.customer_id !== selected?.id && session.can(requirement, customer.customer_id),
  );
  if (allowed.length === 0) return null;

  const open = (customer: { customer_id: number; display_name: string }) => {
    session.selectCustomer({ id: customer.customer_id, name: customer.display_name });
    void router.navigate({ href: from, replace: true });
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      w="100%"
      component="section"
      aria-labelledby="forbidden-elsewhere-title"
      data-testid="forbidden-elsewhere"
    >
      <Stack gap="sm" align="center">
        <Title order={2} size="h4" id="forbidden-elsewhere-title">
          {t('errors.forbidden.elsewhereTitle')}
        </Title>
        <Text size="sm">
          {t('errors.forbidden.elsewhereText', { count: allowed.length, current: selected?.name ?? '' })}
        </Text>
        {allowed.length <= MAX_BUTTONS && (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {allowed.map((customer) => (
              <li key={customer.customer_id}>
                <Button
                  variant="light"
                  onClick={() => open(customer)}
                  data-user-content
                  // A long company name wraps rather than widening the page past a phone's screen.
                  h="auto"
                  mih={36}
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
                >
                  {t('errors.forbidden.openAt', { name: customer.display_name })}
                </Button>
              </li>
            ))}
          </Stack>
        )}
        <CustomerSwitcher
          onSwitched={(customer) => {
            if (session.can(requirement, customer.id)) void router.navigate({ href: from, replace: true });
          }}
        />
      </Stack>
    </Card>
  );
}
