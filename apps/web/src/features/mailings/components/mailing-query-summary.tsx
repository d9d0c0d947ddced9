import { Text } from '@mantine/core';
import type { MailingCustomer, MailingQuery } from '@portaal/contracts/mailings';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { describeMailingQuery } from '../utils/describe-query.ts';

/**
 * A mailing's recipient query in words (wizard check, detail): each group with what it was narrowed
 * to, or that it was not, the customers by name, and the rule that makes recipients of contacts.
 */
export function MailingQuerySummary({
  query,
  customers,
}: {
  query: MailingQuery;
  customers: MailingCustomer[];
}) {
  const { t, i18n } = useTranslation();
  const items = describeMailingQuery(query, customers, t, currentLanguage(i18n));
  return (
    <div data-testid="mailing-query">
      <DataList items={items} />
      <Text size="sm" c="dimmed" mt="sm">
        {t('mailings.query.rule')}
      </Text>
    </div>
  );
}
