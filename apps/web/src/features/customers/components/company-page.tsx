import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import { customersQueries } from '../api/customers-queries.ts';
import { AddressesSection } from './addresses-section.tsx';
import { BankAccountsSection } from './bank-accounts-section.tsx';
import { CompanyDataSection, StatusBadge } from './company-data-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { PoNumberField } from './po-number-field.tsx';
import { Section, SectionSkeleton } from './section.tsx';

/** /company/{customerId}: the given customer, or the selected one when the id is left out. */
export function CompanyPage({ customerId }: { customerId?: number }) {
  const { t } = useTranslation();
  const selected = useSelectedCustomer();
  const id = customerId ?? selected?.id;
  if (id === undefined) {
    return (
      <Stack gap="md">
        <Title order={1}>{t('company.title')}</Title>
        <Text>{t('company.noSelection')}</Text>
      </Stack>
    );
  }
  // A new key per customer resets every section (an open PO-number form included) on a switch.
  return <Company key={id} customerId={id} />;
}

function Company({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const detail = useQuery(customersQueries.detail(api, customerId));

  if (detail.isError) {
    return (
      <Stack gap="md">
        <Title order={1}>{t('company.title')}</Title>
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }

  const customer = detail.data;
  return (
    <Stack gap="lg">
      <header>
        <Text size="sm" fw={600} c="dimmed" tt="uppercase" lts="0.04em">
          {t('company.title')}
        </Text>
        {customer ? (
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {customer.display_name}
            </Title>
            <StatusBadge status={customer.status} />
          </Group>
        ) : (
          <Title order={1}>
            <VisuallyHidden>{t('company.title')}</VisuallyHidden>
            <Skeleton height={34} width="min(24rem, 80%)" mt={4} aria-hidden="true" />
          </Title>
        )}
        <Button
          renderRoot={(props) => (
            <Link {...props} to="/company/$customerId/contacts" params={{ customerId: String(customerId) }} />
          )}
          variant="light"
          mt="sm"
          maw="100%"
          // The label wraps on a phone instead of running past the screen's edge, with the line
          // height of text: a button's own line height of 1 cramps two lines together.
          h="auto"
          mih="var(--button-height)"
          py="xs"
          styles={{
            label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 'var(--mantine-line-height-sm)' },
          }}
        >
          {t('company.contactsLink')}
        </Button>
      </header>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        {customer ? (
          <CompanyDataSection customer={customer} />
        ) : (
          <Section id="company-data" title={t('company.data.title')}>
            <SectionSkeleton lines={8} />
          </Section>
        )}
        <AddressesSection customerId={customerId} />
        <Section id="company-po" title={t('company.po.title')}>
          {customer ? (
            <PoNumberField customerId={customerId} value={customer.usage_po_number} />
          ) : (
            <SectionSkeleton lines={2} />
          )}
        </Section>
        <BankAccountsSection customerId={customerId} />
      </SimpleGrid>
      <FeaturesSection customerId={customerId} />
    </Stack>
  );
}
