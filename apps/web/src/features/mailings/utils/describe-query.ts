import { type DisplayLanguage, displayLocales } from '@portaal/contracts/display-rules';
import type { MailingCustomer, MailingQuery } from '@portaal/contracts/mailings';
import type { TFunction } from 'i18next';

/**
 * A recipient query in words, one line per group: inside a group any item matches ("Active or
 * suspended"), an empty group narrows nothing and says so ("Every status"). Customers by name, with
 * their number; one that no longer exists by its number.
 */
export function describeMailingQuery(
  query: MailingQuery,
  customers: readonly MailingCustomer[],
  t: TFunction,
  language: DisplayLanguage,
): { key: string; label: string; value: string }[] {
  const anyOf = new Intl.ListFormat(displayLocales[language], { style: 'long', type: 'disjunction' });
  const line = (key: string, label: string, items: string[], none: string) => ({
    key,
    label,
    value: items.length > 0 ? anyOf.format(items) : none,
  });
  const names = new Map(customers.map((customer) => [customer.customer_id, customer.name]));
  return [
    line(
      'customer_statuses',
      t('mailings.list.customer_statuses'),
      query.customer_statuses.map((status) => t(`mailings.customerStatus.${status}`)),
      t('mailings.query.anyStatus'),
    ),
    line(
      'languages',
      t('mailings.list.languages'),
      query.languages.map((code) => t(`mailings.language.${code}`)),
      t('mailings.query.anyLanguage'),
    ),
    line(
      'products',
      t('mailings.list.products'),
      query.products.map((product) => t(`mailings.products.${product}`)),
      t('mailings.query.anyProduct'),
    ),
    line(
      'customers',
      t('mailings.query.customers'),
      query.customer_ids.map((id) => {
        const name = names.get(id);
        return name
          ? t('mailings.query.customer', { name, id })
          : t('mailings.query.unknownCustomer', { id });
      }),
      t('mailings.query.anyCustomer'),
    ),
    line(
      'roles',
      t('mailings.list.roles'),
      query.roles.map((role) => t(`profile.roles.names.${role}`)),
      t('mailings.query.anyRole'),
    ),
  ];
}
