import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Address } from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import { customersQueries } from '../api/customers-queries.ts';
import classes from './company.module.css';
import { EmptyState, Section, SectionSkeleton } from './section.tsx';

/** Visit first, as customers look for it most; then how mail and goods reach them. */
const TYPE_ORDER: readonly Address['type'][] = ['visit', 'postal', 'invoice', 'delivery'];

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function AddressesSection({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const selected = useSelectedCustomer();
  const { api } = session;
  const query = useQuery(customersQueries.addresses(api, customerId));

  let body: ReactNode;
  if (query.isPending) body = <SectionSkeleton lines={5} />;
  else if (query.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <EmptyState>{t('company.addresses.empty')}</EmptyState>;
  else {
    const groups = TYPE_ORDER.map((type) => ({
      type,
      // The main address of each type first.
      items: query.data
        .filter((address) => address.type === type)
        .sort((a, b) => Number(b.main) - Number(a.main)),
    })).filter((group) => group.items.length > 0);
    body = (
      <Stack gap="md">
        {groups.map((group) => (
          <div key={group.type} className={classes.item}>
            <Title order={3} size="h5" mb={4}>
              {t(`company.addresses.types.${group.type}`)}
            </Title>
            <Stack gap="sm">
              {group.items.map((address) => (
                <Group
                  key={`${address.lines.join('|')}|${address.postcode}`}
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                  gap="sm"
                >
                  <Text component="div" size="sm">
                    {address.lines.map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                    <div>
                      {address.postcode} {address.city}
                    </div>
                    <div>{countryName(address.country, i18n.language)}</div>
                  </Text>
                  {address.main && (
                    <Badge variant="light" color="blue" size="sm" className={classes.badge}>
                      {t('company.main')}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          </div>
        ))}
      </Stack>
    );
  }
  return (
    <Section
      id="company-addresses"
      action={
        // Changes go through an administrative ticket of the support area, which files for the
        // selected customer: offered there only, to users who may ask for one.
        selected?.id === customerId &&
        session.can({ customer: ['billing-edit', 'ticket-edit'] }, customerId) && (
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link {...props} to="/support/new-ticket" search={{ request: 'address' }} />
            )}
          >
            {t('company.addresses.requestChange')}
          </Anchor>
        )
      }
      title={t('company.addresses.title')}
    >
      {body}
    </Section>
  );
}
