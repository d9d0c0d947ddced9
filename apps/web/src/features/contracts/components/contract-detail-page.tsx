import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Contract } from '@portaal/contracts';
import { formatDecimalQuantity, formatMoney, isoToday } from '@portaal/contracts/administration-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { DateField } from '../../../components/date-field/date-field.tsx';
import { isDay } from '../../../components/date-field/parse-day.ts';
import { SaveFailed } from '../../../components/feedback/form-error.tsx';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { BackLink, DetailStates } from '../../../components/list-shell/list-shell.tsx';
import classes from '../../../components/money-list/money-list.module.css';
import { RowCard } from '../../../components/money-list/row-card.tsx';
import { ScrollRegion } from '../../../components/scroll-region/scroll-region.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { contractsQueries } from '../api/contracts-queries.ts';
import { useRequestContractEnd } from '../api/use-request-contract-end.ts';
import { ContractStatusBadge, Renewal } from './contract-badges.tsx';

/** From here the rules are a table; narrower, six columns would scroll sideways, so each rule is a card. */
const WIDE_RULES_QUERY = '(min-width: 62em)';

/** /administration/contracts/{id}: rules, billing, term, renewal and the end-contract request. */
export function ContractDetailPage({ id }: { id: string }) {
  const { t } = useTranslation('default');
  const session = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const allowed = selected !== undefined && session.can(access.contracts, customerId);
  const mayEnd = selected !== undefined && session.can({ customer: ['subscription-edit'] }, customerId);
  const query = useQuery({
    ...contractsQueries.detail(session.api, customerId, id),
    enabled: allowed,
    // The route's loader asked already: a 404 is the answer, asking again on mount only repeats it.
    retryOnMount: false,
  });

  const back = <BackLink to="/administration/contracts">{t('administration.contracts.back')}</BackLink>;
  return (
    <DetailStates allowed={allowed} noRight={t('administration.noRight')} back={back} query={query}>
      {(contract) => <ContractView contract={contract} back={back} customerId={customerId} mayEnd={mayEnd} />}
    </DetailStates>
  );
}

/** The contract: period, costs, rules, billing, term, renewal and (with subscription-edit) the end request. */
function ContractView({
  contract,
  back,
  customerId,
  mayEnd,
}: {
  contract: Contract;
  back: ReactNode;
  customerId: number;
  mayEnd: boolean;
}) {
  const { t, money } = useContractFormat();
  const wide = useMediaQuery(WIDE_RULES_QUERY, true, { getInitialValueInEffect: false });
  const dash = (value: string | null) => value ?? '–';
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{contract.description}</Title>
          <Text c="dimmed" mt={4}>
            {contract.contract_id}
          </Text>
        </div>
        <ContractStatusBadge status={contract.status} />
      </Group>
      <Card withBorder padding="md" radius="md">
        <DataList
          items={[
            {
              label: t('administration.contracts.period'),
              value: `${formatDate(contract.start_date)} – ${contract.end_date ? formatDate(contract.end_date) : ''}`,
            },
            {
              label: t('administration.contracts.kind'),
              value: contract.recurring
                ? t('administration.contracts.recurring')
                : t('administration.contracts.oneOff'),
            },
            {
              label: t('administration.contracts.renewal'),
              value: <Renewal date={contract.renewal_date} days={contract.renewal_days} />,
            },
          ]}
        />
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="contract-rules-title">
        <Title order={2} size="h3" id="contract-rules-title">
          {t('administration.contracts.rules')}
        </Title>
        {wide ? <ContractRulesTable contract={contract} /> : <ContractRulesCards contract={contract} />}
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card
          withBorder
          padding="md"
          radius="md"
          component="section"
          aria-labelledby="contract-billing-title"
        >
          <Title order={2} size="h4" id="contract-billing-title" mb="sm">
            {t('administration.contracts.billing')}
          </Title>
          <DataList
            fitContainer
            items={[
              {
                label: t('administration.contracts.paymentMethod'),
                value: t(`administration.paymentMethod.${contract.billing.payment_method}`),
              },
              {
                label: t('administration.contracts.paymentPeriod'),
                value: t(`administration.billingPeriod.${contract.billing.payment_period}`),
              },
              { label: t('administration.contracts.iban'), value: dash(contract.billing.iban) },
              { label: t('administration.contracts.bic'), value: dash(contract.billing.bic) },
              {
                label: t('administration.contracts.accountHolder'),
                value: dash(contract.billing.account_holder),
              },
              { label: t('administration.contracts.poNumber'), value: dash(contract.billing.po_number) },
              {
                label: t('administration.contracts.monthlyCosts'),
                value: money(contract.billing.monthly_costs),
              },
              {
                label: t('administration.contracts.oneOffCosts'),
                value: money(contract.billing.one_off_costs),
              },
            ]}
          />
        </Card>
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="contract-term-title">
          <Title order={2} size="h4" id="contract-term-title" mb="sm">
            {t('administration.contracts.term')}
          </Title>
          <DataList
            fitContainer
            items={[
              { label: t('administration.contracts.termStart'), value: formatDate(contract.term.start_date) },
              {
                label: t('administration.contracts.extension'),
                value:
                  contract.term.extension_months > 0
                    ? t('administration.contracts.months', { count: contract.term.extension_months })
                    : t('administration.contracts.noExtension'),
              },
              {
                label: t('administration.contracts.paymentTerm'),
                value: t('administration.contracts.days', { count: contract.term.payment_days }),
              },
            ]}
          />
        </Card>
      </SimpleGrid>

      {mayEnd && <EndRequest contract={contract} customerId={customerId} />}
    </Stack>
  );
}

/** Texts, the page's language and its money format. */
function useContractFormat() {
  const { t, i18n } = useTranslation('default');
  const language = currentLanguage(i18n);
  return { t, language, money: (amount: string) => formatMoney(amount, language) };
}

/** The rules as a table (wide screens). */
function ContractRulesTable({ contract }: { contract: Contract }) {
  const { t, language, money } = useContractFormat();
  return (
    <ScrollRegion labelledBy="contract-rules-title" minWidth={600}>
      <Table verticalSpacing="sm" data-testid="contract-rules">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('administration.contracts.product')}</Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t('administration.invoices.quantity')}
            </Table.Th>
            <Table.Th scope="col">{t('administration.invoices.unit')}</Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t('administration.invoices.unitPrice')}
            </Table.Th>
            <Table.Th scope="col">{t('administration.contracts.kind')}</Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t('administration.invoices.lineAmount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contract.rules.map((rule) => (
            <Table.Tr key={rule.position}>
              <Table.Td>{rule.product}</Table.Td>
              <Table.Td className={classes.amount}>{formatDecimalQuantity(rule.quantity, language)}</Table.Td>
              <Table.Td>{rule.unit}</Table.Td>
              <Table.Td className={classes.amount}>
                {formatMoney(rule.unit_price, language, contract.currency, { unitPrice: true })}
              </Table.Td>
              <Table.Td>
                {rule.recurring
                  ? t('administration.contracts.monthly')
                  : t('administration.contracts.oneOff')}
              </Table.Td>
              <Table.Td className={classes.amount}>{money(rule.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The same on phones and narrow windows: a card per rule, nothing to scroll sideways. */
function ContractRulesCards({ contract }: { contract: Contract }) {
  const { t, language, money } = useContractFormat();
  return (
    <ul className={classes.cards} aria-labelledby="contract-rules-title" data-testid="contract-rules">
      {contract.rules.map((rule) => (
        <RowCard key={rule.position} title={rule.product} figure={money(rule.amount)}>
          <Text size="xs" c="dimmed">
            {t('administration.contracts.ruleTerms', {
              quantity: formatDecimalQuantity(rule.quantity, language),
              unit: rule.unit,
              price: formatMoney(rule.unit_price, language, contract.currency, { unitPrice: true }),
              kind: rule.recurring
                ? t('administration.contracts.monthly')
                : t('administration.contracts.oneOff'),
            })}
          </Text>
        </RowCard>
      ))}
    </ul>
  );
}

function EndRequest({ contract, customerId }: { contract: Contract; customerId: number }) {
  const { t } = useTranslation('default');
  const request = useRequestContractEnd(customerId, contract.contract_id);
  const [endDate, setEndDate] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const dateError =
    touched && (!isDay(endDate) || endDate < isoToday())
      ? t('administration.contracts.endDateError')
      : undefined;

  let content: React.ReactNode;
  if (contract.end_requested_at) {
    content = (
      <Alert color="blue" variant="light" data-testid="end-requested">
        <Text size="sm">
          {t('administration.contracts.endRequested', { date: formatDateTime(contract.end_requested_at) })}{' '}
          {contract.end_request_ticket_id !== null && (
            <Anchor
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/support/ticket/$id"
                  params={{ id: String(contract.end_request_ticket_id) }}
                />
              )}
            >
              {t('administration.contracts.viewTicket', { id: contract.end_request_ticket_id })}
            </Anchor>
          )}
        </Text>
      </Alert>
    );
  } else if (!contract.can_request_end) {
    content = <Text c="dimmed">{t('administration.contracts.cannotEnd')}</Text>;
  } else {
    content = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          // Text that is no day is refused here; the field itself says how a date is written.
          if (!isDay(endDate) || endDate < isoToday()) return;
          request.mutate({ end_date: endDate, ...(reason.trim() ? { reason: reason.trim() } : {}) });
        }}
      >
        <Stack gap="sm" maw={520}>
          <Text size="sm">{t('administration.contracts.endIntro')}</Text>
          <DateField
            label={t('administration.contracts.endDate')}
            required
            value={endDate}
            minDate={isoToday()}
            error={dateError}
            onChange={setEndDate}
          />
          <GrowingTextarea
            label={t('administration.contracts.endReason')}
            value={reason}
            maxLength={2000}
            minRows={2}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <SaveFailed error={request.error} />
          <Group>
            <Button type="submit" loading={request.isPending} color="red" variant="light">
              {t('administration.contracts.endSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="contract-end-title">
      <Title order={2} size="h4" id="contract-end-title" mb="sm">
        {t('administration.contracts.endTitle')}
      </Title>
      {content}
    </Card>
  );
}
