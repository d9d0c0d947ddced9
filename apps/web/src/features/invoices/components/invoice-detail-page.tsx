import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { Invoice } from '@portaal/contracts';
import { formatDecimalQuantity, formatMoney } from '@portaal/contracts/administration-rules';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { BackLink, DetailStates } from '../../../components/list-shell/list-shell.tsx';
import { ScrollRegion } from '../../../components/scroll-region/scroll-region.tsx';
import { formatDate } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { invoicesQueries } from '../api/invoices-queries.ts';
import { DownloadInvoiceButton } from './download-invoice-button.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import classes from './invoices.module.css';

/** /administration/invoices/{number}: the invoice with its lines, VAT per rate, totals and downloads. */
export function InvoiceDetailPage({ number }: { number: string }) {
  const { t } = useTranslation('default');
  const session = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const allowed = selected !== undefined && session.can(access.invoices, customerId);
  const query = useQuery({ ...invoicesQueries.detail(session.api, customerId, number), enabled: allowed });

  const back = <BackLink to="/administration/invoices">{t('administration.invoices.back')}</BackLink>;
  return (
    <DetailStates allowed={allowed} noRight={t('administration.noRight')} back={back} query={query}>
      {(invoice) => <InvoiceView invoice={invoice} back={back} customerId={customerId} />}
    </DetailStates>
  );
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
  const { t, i18n } = useTranslation('default');
  const language = currentLanguage(i18n);
  const money = (amount: string) => formatMoney(amount, language);
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
                  <Table.Td className={classes.amount}>
                    {formatDecimalQuantity(line.quantity, language)}
                  </Table.Td>
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
      </Stack>
    </Stack>
  );
}
