import { Anchor, Badge, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import { customersQueries } from '../api/customers-queries.ts';
import { formatIban } from '../utils/format-iban.ts';
import classes from './company.module.css';
import { EmptyState, NotRegistered, Section, SectionSkeleton } from './section.tsx';

export function BankAccountsSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const selected = useSelectedCustomer();
  const { api } = session;
  const query = useQuery(customersQueries.bankAccounts(api, customerId));

  let body: ReactNode;
  if (query.isPending) body = <SectionSkeleton lines={3} />;
  else if (query.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <EmptyState>{t('company.bank.empty')}</EmptyState>;
  else {
    const accounts = [...query.data].sort((a, b) => Number(b.main) - Number(a.main));
    body = (
      <Stack gap="md">
        {accounts.map((account) => (
          <Stack key={account.iban} className={classes.item} gap="xs">
            {account.main && (
              <Badge variant="light" color="blue" size="sm" className={classes.badge}>
                {t('company.bank.main')}
              </Badge>
            )}
            <DataList
              items={[
                {
                  label: t('company.bank.iban'),
                  value: <span className={classes.iban}>{formatIban(account.iban)}</span>,
                },
                { label: t('company.bank.bic'), value: account.bic ?? <NotRegistered /> },
                { label: t('company.bank.holder'), value: account.account_holder },
              ]}
            />
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Section
      id="company-bank-accounts"
      action={
        // Changes go through an administrative ticket of the support area, which files for the
        // selected customer: offered there only, to users who may ask for one.
        selected?.id === customerId &&
        session.can({ customer: ['billing-edit', 'ticket-edit'] }, customerId) && (
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link {...props} to="/support/new-ticket" search={{ request: 'bank-account' }} />
            )}
          >
            {t('company.bank.requestChange')}
          </Anchor>
        )
      }
      title={t('company.bank.title')}
    >
      {body}
    </Section>
  );
}
