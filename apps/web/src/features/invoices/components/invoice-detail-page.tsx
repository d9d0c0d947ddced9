import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Invoice } from '@portaal/contracts';
import { formatDecimalQuantity, formatMoney } from '@portaal/contracts/administration-rules';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { BackLink, DetailStates } from '../../../components/list-shell/list-shell.tsx';
import classes from '../../../components/money-list/money-list.module.css';
import { RowCard } from '../../../components/money-list/row-card.tsx';
import { ScrollRegion } from '../../../components/scroll-region/scroll-region.tsx';
import { formatDate } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { invoicesQueries } from '../api/invoices-queries.ts';
import { DownloadInvoiceButton } from './download-invoice-button.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** From here the lines are a table; narrower, six columns would scroll sideways, so each line is a card. */
const WIDE_LINES_QUERY = '(min-width: 62em)';

/** /administration/invoices/{number}: the invoice with its lines, VAT per rate, totals and downloads. */
export function InvoiceDetailPage({ number }: { number: string }) {
  const { t } = useTranslation('default');
  const session = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const allowed = selected !== undefined && session.can(access.invoices, customerId);
  const query = useQuery({
    ...invoicesQueries.detail(session.api, customerId, number),
    enabled: allowed,
    // The route's loader asked already: a 404 is the answer, asking again on mount only repeats it.
    retryOnMount: false,
  });

  const back = <BackLink to="/administration/invoices">{t('administration.invoices.back')}</BackLink>;
  return (
    <DetailStates allowed={allowed} noRight={t('administration.noRight')} back={back} query={query}>
      {(invoice) => <InvoiceView invoice={invoice} back={back} customerId={customerId} />}
    </DetailStates>
  );
}

/** Texts, the page's language and its money format. */
function useInvoiceFormat() {
  const { t, i18n } = useTranslation('default');
  const language = currentLanguage(i18n);
  return { t, language, money: (amount: string) => formatMoney(amount, language) };
}

/** The invoice: particulars, downloads, lines, VAT per rate and totals. */
function InvoiceView({
  invoice,
  back,
  customerId,
}: {
  invoice: Invoice;
  back: ReactNode;
  customerId: number;
}) {
  const { t, money } = useInvoiceFormat();
  const wide = useMediaQuery(WIDE_LINES_QUERY, true, { getInitialValueInEffect: false });
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t('administration.invoices.detailTitle', { number: invoice.number })}</Title>
          {invoice.description && (
            <Text c="dimmed" mt={4}>
              {invoice.description}
            </Text>
          )}
        </div>
        <Group gap="sm">
          <InvoiceStatusBadge status={invoice.status} overdueDays={invoice.overdue_days} />
          <DownloadInvoiceButton customerId={customerId} number={invoice.number} />
          <DownloadInvoiceButton customerId={customerId} number={invoice.number} format="ubl" />
        </Group>
      </Group>
      <Card withBorder padding="md" radius="md">
        <DataList
          items={[
            { label: t('administration.invoices.date'), value: formatDate(invoice.invoice_date) },
            { label: t('administration.invoices.dueDate'), value: formatDate(invoice.due_date) },
            {
              label: t('administration.invoices.paymentDate'),
              value: invoice.payment_date ? formatDate(invoice.payment_date) : '–',
            },
            { label: t('administration.invoices.reference'), value: invoice.payment_reference },
            { label: t('administration.invoices.amount'), value: money(invoice.amount) },
            { label: t('administration.invoices.amountDue'), value: money(invoice.amount_due) },
          ]}
        />
      </Card>
      <Stack gap="sm" component="section" aria-labelledby="invoice-lines-title">
        <Title order={2} size="h3" id="invoice-lines-title">
          {t('administration.invoices.lines')}
        </Title>
        {wide ? <InvoiceLinesTable invoice={invoice} /> : <InvoiceLinesCards invoice={invoice} />}
      </Stack>
    </Stack>
  );
}

/** The lines, VAT per rate and totals as a table (wide screens). */
function InvoiceLinesTable({ invoice }: { invoice: Invoice }) {
  const { t, language, money } = useInvoiceFormat();
  return (
    <ScrollRegion labelledBy="invoice-lines-title" minWidth={640}>
      <Table verticalSpacing="sm" data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('administration.invoices.description')}</Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t('administration.invoices.quantity')}
            </Table.Th>
            <Table.Th scope="col">{t('administration.invoices.unit')}</Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t('administration.invoices.unitPrice')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t('administration.invoices.vat')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t('administration.invoices.lineAmount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line) => (
            <Table.Tr key={line.position}>
              <Table.Td>
                {line.description}
                {line.period_start && line.period_end && (
                  <Text size="xs" c="dimmed">
                    {formatDate(line.period_start)} – {formatDate(line.period_end)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.amount}>{formatDecimalQuantity(line.quantity, language)}</Table.Td>
              <Table.Td>{line.unit}</Table.Td>
              <Table.Td className={classes.amount}>
                {formatMoney(line.unit_price, language, invoice.currency, { unitPrice: true })}
              </Table.Td>
              <Table.Td className={classes.amount}>
                {formatDecimalQuantity(line.vat_rate, language)}%
              </Table.Td>
              <Table.Td className={classes.amount}>{money(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={5} className={classes.amount}>
              {t('administration.invoices.net')}
            </Table.Th>
            <Table.Td className={classes.amount}>{money(invoice.net_amount)}</Table.Td>
          </Table.Tr>
          {invoice.vat_breakdown.map((entry) => (
            <Table.Tr key={entry.rate}>
              <Table.Th scope="row" colSpan={5} className={classes.amount}>
                {t('administration.invoices.vatOver', {
                  rate: formatDecimalQuantity(entry.rate, language),
                  amount: money(entry.taxable_amount),
                })}
              </Table.Th>
              <Table.Td className={classes.amount}>{money(entry.vat_amount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={5} className={classes.amount}>
              {t('administration.invoices.total')}
            </Table.Th>
            <Table.Td className={classes.amount} fw={700}>
              {money(invoice.amount)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollRegion>
  );
}

/** The same on phones and narrow windows: a card per line, then the totals, nothing to scroll sideways. */
function InvoiceLinesCards({ invoice }: { invoice: Invoice }) {
  const { t, language, money } = useInvoiceFormat();
  const total = (label: string, amount: string, key: string, strong = false) => (
    <Group key={key} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={strong ? 700 : 500}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} className={classes.amount}>
        {amount}
      </Text>
    </Group>
  );
  return (
    <Stack gap="sm" data-testid="invoice-lines">
      <ul className={classes.cards} aria-labelledby="invoice-lines-title">
        {invoice.lines.map((line) => (
          <RowCard key={line.position} title={line.description} figure={money(line.amount)}>
            {line.period_start && line.period_end && (
              <Text size="xs" c="dimmed">
                {formatDate(line.period_start)} – {formatDate(line.period_end)}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('administration.invoices.lineTerms', {
                quantity: formatDecimalQuantity(line.quantity, language),
                unit: line.unit,
                price: formatMoney(line.unit_price, language, invoice.currency, { unitPrice: true }),
                vat: formatDecimalQuantity(line.vat_rate, language),
              })}
            </Text>
          </RowCard>
        ))}
      </ul>
      <Card withBorder padding="sm">
        <Stack gap={6}>
          {total(t('administration.invoices.net'), money(invoice.net_amount), 'net')}
          {invoice.vat_breakdown.map((entry) =>
            total(
              t('administration.invoices.vatOver', {
                rate: formatDecimalQuantity(entry.rate, language),
                amount: money(entry.taxable_amount),
              }),
              money(entry.vat_amount),
              `vat-${entry.rate}`,
            ),
          )}
          {total(t('administration.invoices.total'), money(invoice.amount), 'total', true)}
        </Stack>
      </Card>
    </Stack>
  );
}
