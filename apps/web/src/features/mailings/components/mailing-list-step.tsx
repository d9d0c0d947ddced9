import { Alert, Card, Checkbox, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { customerRoles, customerStatuses, languages } from '@portaal/contracts';
import { MAILING_CUSTOMER_IDS_MAX, type MailingPreview, mailingProducts } from '@portaal/contracts/mailings';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import classes from './mailings.module.css';
import type { ChosenCustomer, WizardValues } from './wizard-values.ts';

/**
 * The props of the field that chooses customers by name or number (the customers feature's picker,
 * handed over by the route: features do not import each other).
 */
export interface CustomerFieldProps {
  label: string;
  description?: string;
  value: ChosenCustomer[];
  onChange: (customers: ChosenCustomer[]) => void;
  max?: number;
  error?: ReactNode;
}

/** Step 1: the mailing list, built from groups over customers, products and contact roles. */
export function MailingListStep({
  form,
  preview,
  customerField: CustomerField,
}: {
  form: UseFormReturnType<WizardValues>;
  preview: UseQueryResult<MailingPreview>;
  customerField: ComponentType<CustomerFieldProps>;
}) {
  const { t } = useTranslation();
  // Phones get a list: a table wider than the screen would need a scrollable region.
  const wide = useMediaQuery('(min-width: 48em)', true);
  const group = <T extends string>(
    field: 'customer_statuses' | 'languages' | 'products' | 'roles',
    options: readonly T[],
    label: (option: T) => string,
  ) => (
    <Checkbox.Group
      label={t(`mailings.list.${field}`)}
      description={t(`mailings.list.${field}Hint`)}
      {...form.getInputProps(`query.${field}`)}
    >
      <Stack gap={6} mt="xs">
        {options.map((option) => (
          <Checkbox key={option} value={option} label={label(option)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {group('customer_statuses', customerStatuses, (status) => t(`mailings.customerStatus.${status}`))}
        {group('languages', languages, (language) => t(`mailings.language.${language}`))}
        {group('products', mailingProducts, (product) => t(`mailings.products.${product}`))}
        {group('roles', customerRoles, (role) => t(`profile.roles.names.${role}`))}
      </SimpleGrid>
      <CustomerField
        label={t('mailings.list.customer_ids')}
        description={t('mailings.list.customer_idsHint', { max: MAILING_CUSTOMER_IDS_MAX })}
        value={form.getValues().query.customers}
        onChange={(customers) => form.setFieldValue('query.customers', customers)}
        max={MAILING_CUSTOMER_IDS_MAX}
      />
      <Card
        withBorder
        radius="md"
        padding="lg"
        component="section"
        aria-labelledby="mailing-recipients-title"
      >
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Text id="mailing-recipients-title" fw={600}>
            {t('mailings.list.recipients')}
          </Text>
          {preview.data && (
            <Text size="sm" c="dimmed">
              {t('mailings.list.perLanguage', preview.data.languages)}
            </Text>
          )}
        </Group>
        {preview.isError ? (
          <LoadFailed error={preview.error} onRetry={() => void preview.refetch()} />
        ) : !preview.data ? (
          <Skeleton height={40} mt="sm" />
        ) : (
          <>
            <Text className={classes.count} aria-live="polite" data-testid="recipient-count">
              {t('mailings.list.count', { count: preview.data.count })}
            </Text>
            {preview.data.count === 0 ? (
              <Alert color="yellow" variant="light" mt="sm">
                {t('mailings.list.none')}
              </Alert>
            ) : !wide ? (
              <Stack
                gap="xs"
                mt="sm"
                component="ul"
                className={classes.cards}
                data-testid="recipient-preview"
              >
                {preview.data.recipients.map((recipient) => (
                  <li key={recipient.email}>
                    <Text size="sm" fw={600} data-user-content>
                      {recipient.name}
                    </Text>
                    <Text size="sm" data-user-content className={classes.subject}>
                      {recipient.email}
                    </Text>
                    <Text size="xs" c="dimmed" data-user-content>
                      {recipient.customer_name} · {t(`mailings.language.${recipient.language}`)}
                    </Text>
                  </li>
                ))}
              </Stack>
            ) : (
              <Table
                mt="sm"
                striped
                aria-labelledby="mailing-recipients-title"
                data-testid="recipient-preview"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('mailings.list.name')}</Table.Th>
                    <Table.Th>{t('mailings.list.email')}</Table.Th>
                    <Table.Th>{t('mailings.list.customer')}</Table.Th>
                    <Table.Th>{t('mailings.list.language')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.data.recipients.map((recipient) => (
                    <Table.Tr key={recipient.email}>
                      <Table.Td data-user-content>{recipient.name}</Table.Td>
                      <Table.Td data-user-content className={classes.subject}>
                        {recipient.email}
                      </Table.Td>
                      <Table.Td data-user-content>{recipient.customer_name}</Table.Td>
                      <Table.Td>{t(`mailings.language.${recipient.language}`)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {preview.data.count > preview.data.recipients.length && (
              <Text size="sm" c="dimmed" mt="xs">
                {t('mailings.list.firstOnly', { shown: preview.data.recipients.length })}
              </Text>
            )}
          </>
        )}
      </Card>
    </Stack>
  );
}
