import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@portaal/contracts/administration-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { StaticPageHeading } from '../../../components/layout/page-heading.tsx';
import { formatDate } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { LoadError, LoadingLines } from '../../tickets/components/page-states.tsx';
import { administrationQueries } from '../api/administration-queries.ts';

/** /administration: invoices to pay and overdue with their sums, contracts renewing in the next 90 days. */
export function AdministrationPage() {
  const { t, i18n } = useTranslation('default');
  const language = currentLanguage(i18n);
  const session = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const allowed = selected !== undefined && session.can(access.administration, customerId);
  const query = useQuery({ ...administrationQueries.overview(session.api, customerId), enabled: allowed });

  let body: React.ReactNode;
  if (!allowed) body = <Text>{t('administration.noRight')}</Text>;
  else if (query.isPending) body = <LoadingLines lines={6} height={24} />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const { invoices, renewals } = query.data;
    body = (
      <SimpleGrid cols={{ base: 1, md: invoices && renewals ? 2 : 1 }} spacing="lg">
        {invoices && (
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="overview-invoices">
            <Title order={2} size="h3" id="overview-invoices" mb="md">
              {t('administration.overview.invoices')}
            </Title>
            <Stack gap="md">
              {(['overdue', 'to_pay'] as const).map((status) => (
                <Group
                  key={status}
                  justify="space-between"
                  align="baseline"
                  data-testid={`overview-${status}`}
                >
                  <Anchor
                    renderRoot={(props) => (
                      <Link {...props} to="/administration/invoices" search={{ status }} />
                    )}
                  >
                    {t(`administration.overview.${status}`, { count: invoices[status].count })}
                  </Anchor>
                  <Text
                    fw={600}
                    c={
                      status === 'overdue' && invoices.overdue.count > 0
                        ? 'var(--mantine-color-red-text)'
                        : undefined
                    }
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatMoney(invoices[status].amount, language)}
                  </Text>
                </Group>
              ))}
              <Anchor renderRoot={(props) => <Link {...props} to="/administration/invoices" />} size="sm">
                {t('administration.overview.allInvoices')}
              </Anchor>
            </Stack>
          </Card>
        )}
        {renewals && (
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="overview-renewals">
            <Title order={2} size="h3" id="overview-renewals" mb="md">
              {t('administration.overview.renewals')}
            </Title>
            {renewals.length === 0 ? (
              <Text c="dimmed">{t('administration.overview.noRenewals')}</Text>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {renewals.map((contract) => (
                  // The row wraps on phones, putting date and badge under the description, so that
                  // neither the badge is cut off nor the date broken at its dashes.
                  <Group key={contract.contract_id} component="li" justify="space-between" gap="xs">
                    <Anchor
                      renderRoot={(props) => (
                        <Link
                          {...props}
                          to="/administration/contracts/$id"
                          params={{ id: contract.contract_id }}
                        />
                      )}
                    >
                      {contract.description}
                    </Anchor>
                    <Group gap={6}>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {contract.renewal_date && formatDate(contract.renewal_date)}
                      </Text>
                      <Badge
                        variant="light"
                        radius="sm"
                        color={(contract.renewal_days ?? 99) <= 30 ? 'orange' : 'gray'}
                        style={{ textTransform: 'none' }}
                      >
                        {t('administration.renewalIn', { count: contract.renewal_days ?? 0 })}
                      </Badge>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
            <Anchor
              renderRoot={(props) => <Link {...props} to="/administration/contracts" />}
              size="sm"
              mt="md"
              display="block"
            >
              {t('administration.overview.allContracts')}
            </Anchor>
          </Card>
        )}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <StaticPageHeading path="/administration" />
      {body}
    </Stack>
  );
}
