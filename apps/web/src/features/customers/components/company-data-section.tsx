import { Anchor, Badge, List } from '@mantine/core';
import type { Customer } from '@portaal/contracts';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { formatDate } from '../../../lib/format.ts';
import { NotRegistered, Section } from './section.tsx';

const statusColors: Record<Customer['status'], string> = {
  active: 'green',
  suspended: 'orange',
  terminated: 'gray',
};

export function StatusBadge({ status }: { status: Customer['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColors[status]} variant="light" size="lg" data-testid="company-status">
      {t(`company.status.${status}`)}
    </Badge>
  );
}

/** Name, ids, contact data, status, language, creation date and external links of a customer. */
export function CompanyDataSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const orNone = (value: string | null) => value || <NotRegistered />;
  return (
    <Section id="company-data" title={t('company.data.title')}>
      <DataList
        items={[
          { label: t('company.data.name'), value: customer.display_name },
          { label: t('company.data.customerId'), value: customer.customer_id },
          { label: t('company.data.coc'), value: orNone(customer.coc_number) },
          { label: t('company.data.vat'), value: orNone(customer.vat_number) },
          {
            label: t('company.data.phone'),
            value: customer.phone ? (
              <Anchor href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</Anchor>
            ) : (
              <NotRegistered />
            ),
          },
          { label: t('company.data.status'), value: <StatusBadge status={customer.status} /> },
          {
            label: t('company.data.language'),
            // Named in the reader's language, as the contacts do ("Dutch", "Engels"); the language
            // chooser's names in their own language ("Nederlands") read here as untranslated.
            value: t(`contacts.languages.${customer.language}`),
          },
          { label: t('company.data.createdAt'), value: formatDate(customer.created_at) },
          {
            label: t('company.data.links'),
            value:
              customer.links.length === 0 ? (
                <NotRegistered />
              ) : (
                <List listStyleType="none" spacing={2}>
                  {customer.links.map((link) => (
                    <List.Item key={`${link.type}:${link.identifier}`}>
                      {t(`company.linkTypes.${link.type}`, { defaultValue: link.type })}: {link.identifier}
                    </List.Item>
                  ))}
                </List>
              ),
          },
        ]}
      />
    </Section>
  );
}
