import {
  Button,
  Fieldset,
  Group,
  Loader,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import type { Customer } from '@portaal/contracts';
import { PHONE_MESSAGE } from '@portaal/contracts/contacts';
import {
  type CustomerCreate,
  customerCreateSchema,
  MAX_CUSTOMER_ID,
  VAT_NUMBER_MESSAGE,
} from '@portaal/contracts/customer-create';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { useLeaveGuard } from '../../../components/leave-guard/use-leave-guard.tsx';
import { ApiError, isSessionExpired } from '../../../lib/api-client.ts';
import { countryOptions } from '../../../lib/countries.ts';
import { fieldErrorText } from '../../../lib/error-text.ts';
import { ACCOUNTING_LINK, adminCustomersQueries } from '../api/admin-customers-queries.ts';
import { useCreateCustomer } from '../api/use-create-customer.ts';
import classes from './admin-customers.module.css';

interface Values {
  customer_id: string;
  display_name: string;
  language: 'en' | 'nl';
  phone: string;
  coc_number: string;
  vat_number: string;
  accounting_id: string;
  street: string;
  house_number: string;
  postal_code: string;
  town: string;
  country: string | null;
}

/** The form's fields in their order on the screen: the first one in error gets the focus. */
const FIELDS = [
  'display_name',
  'language',
  'customer_id',
  'accounting_id',
  'phone',
  'coc_number',
  'vat_number',
  'street',
  'house_number',
  'postal_code',
  'town',
  'country',
] as const;
type Field = (typeof FIELDS)[number];

const ADDRESS_FIELDS = ['street', 'house_number', 'postal_code', 'town'] as const;
const LOOKUP_DELAY_MS = 400;

/** A typed customer id: digits only, within the column's range; anything else is no id. */
function parseId(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const id = Number(trimmed);
  return id >= 1 && id <= MAX_CUSTOMER_ID ? id : undefined;
}

function toBody(values: Values): CustomerCreate {
  const id = values.customer_id.trim();
  const accounting = values.accounting_id.trim();
  const hasAddress = ADDRESS_FIELDS.some((field) => values[field].trim() !== '');
  return {
    // Text that is no id is refused by the form before this is sent (see validate).
    ...(id ? { customer_id: parseId(id) } : {}),
    display_name: values.display_name,
    language: values.language,
    phone: values.phone,
    coc_number: values.coc_number,
    vat_number: values.vat_number,
    links: accounting ? [{ type: ACCOUNTING_LINK, identifier: accounting }] : [],
    address: hasAddress
      ? {
          type: 'visit',
          street: values.street,
          house_number: values.house_number,
          postal_code: values.postal_code,
          town: values.town,
          country: values.country ?? '',
        }
      : null,
  };
}

/** Where a schema or API path (`address.street`, `links.0.identifier`) shows on this form. */
function fieldOf(path: readonly PropertyKey[]): Field | undefined {
  const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);
  const [first = '', second = ''] = path.map(String);
  if (first === 'address') return isField(second) ? second : 'street';
  if (first === 'links') return 'accounting_id';
  return isField(first) ? first : undefined;
}

function messageText(message: string, t: TFunction): string {
  if (message === PHONE_MESSAGE) return t('form.phone', { ns: 'global' });
  if (message === VAT_NUMBER_MESSAGE) return t('adminCustomers.form.vatFormat');
  if (/whole number|positive|too large|customer id/.test(message)) return t('adminCustomers.form.idFormat');
  return fieldErrorText(message, t);
}

/** Create a customer (staff moderators): the shared schema checks it before it is sent. */
export function NewCustomerForm({
  onCreated,
  onCancel,
}: {
  onCreated: (customer: Customer) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('default');
  const { api } = useSession();
  const create = useCreateCustomer();
  const errorText = useApiErrorText();
  const [message, setMessage] = useState<string>();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      customer_id: '',
      display_name: '',
      language: i18n.language === 'en' ? 'en' : 'nl',
      phone: '',
      coc_number: '',
      vat_number: '',
      accounting_id: '',
      street: '',
      house_number: '',
      postal_code: '',
      town: '',
      country: 'NL',
    },
    validate: (values) => {
      const parsed = customerCreateSchema.safeParse(toBody(values));
      const errors: Partial<Record<Field, string>> = {};
      const id = parseId(values.customer_id);
      if (values.customer_id.trim() !== '' && id === undefined) {
        errors.customer_id = t('adminCustomers.form.idFormat');
      }
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = fieldOf(issue.path);
          if (field) errors[field] ??= messageText(issue.message, t);
        }
      }
      // What the lookups already know (the server checks again when the customer is stored).
      const holder = idLookup.data?.customer_id === id ? idLookup.data?.taken_by : null;
      if (holder) errors.customer_id ??= idTakenText(holder, t);
      if (linkLookup.data && typedAccounting === values.accounting_id.trim()) {
        errors.accounting_id ??= linkTakenText(linkLookup.data, t);
      }
      return errors;
    },
  });

  // The lookups: debounced, so that typing asks once it pauses.
  const [typedId] = useDebouncedValue(form.values.customer_id, LOOKUP_DELAY_MS);
  const [typedAccounting] = useDebouncedValue(form.values.accounting_id.trim(), LOOKUP_DELAY_MS);
  const wantedId = parseId(typedId);
  const idLookup = useQuery(adminCustomersQueries.idCheck(api, wantedId));
  const linkLookup = useQuery({
    ...adminCustomersQueries.byLink(api, ACCOUNTING_LINK, typedAccounting),
    enabled: typedAccounting !== '' && typedAccounting.length <= 128,
  });

  const focusFirst = (errors: Record<string, unknown>) => {
    const first = FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const guard = useLeaveGuard(form.isDirty());

  const submit = form.onSubmit(
    (values) => {
      setMessage(undefined);
      create.mutate(toBody(values), {
        onSuccess: (customer) => {
          guard.release();
          onCreated(customer);
        },
        onError: (error) => {
          const fields: Partial<Record<Field, string>> = {};
          // Whether the fields show all of the refusal; what they do not becomes the form's message.
          let complete = false;
          if (error instanceof ApiError) {
            if (error.code === 'CUSTOMER_ID_TAKEN' || error.code === 'CUSTOMER_LINK_TAKEN') {
              fields[error.code === 'CUSTOMER_ID_TAKEN' ? 'customer_id' : 'accounting_id'] = errorText(error);
              complete = true;
            } else {
              const refused = error.details.errors ?? [];
              complete = refused.length > 0;
              for (const item of refused) {
                const field = fieldOf(item.field.split('.'));
                if (field) fields[field] ??= messageText(item.message, t);
                else complete = false;
              }
            }
          }
          form.setErrors(fields);
          focusFirst(fields);
          if (!complete) setMessage(errorText(error));
        },
      });
    },
    (errors) => focusFirst(errors),
  );

  const idTyped = form.values.customer_id.trim() !== '';
  const idPending = idTyped && (typedId !== form.values.customer_id || idLookup.isFetching);
  let idStatus: ReactNode;
  if (!idTyped) {
    idStatus = idLookup.data
      ? t('adminCustomers.form.idNext', { id: idLookup.data.next_free_id })
      : t('adminCustomers.form.idHint');
  } else if (wantedId === undefined) {
    idStatus = t('adminCustomers.form.idFormat');
  } else if (idPending) {
    idStatus = <Checking />;
  } else if (idLookup.data && idLookup.data.customer_id === wantedId) {
    idStatus = idLookup.data.taken_by ? (
      <span className={classes.taken}>{idTakenText(idLookup.data.taken_by, t)}</span>
    ) : (
      <span className={classes.free} data-testid="customer-id-free">
        {t('adminCustomers.form.idFree', { id: wantedId })}
      </span>
    );
  }

  const accountingTyped = form.values.accounting_id.trim() !== '';
  const accountingPending =
    accountingTyped && (typedAccounting !== form.values.accounting_id.trim() || linkLookup.isFetching);
  let accountingStatus: ReactNode = t('adminCustomers.form.accountingHint');
  if (accountingTyped) {
    if (accountingPending) accountingStatus = <Checking />;
    else if (linkLookup.isError) accountingStatus = errorText(linkLookup.error);
    else if (linkLookup.data) {
      accountingStatus = <span className={classes.taken}>{linkTakenText(linkLookup.data, t)}</span>;
    } else if (linkLookup.data === null) {
      accountingStatus = (
        <span className={classes.free} data-testid="accounting-id-free">
          {t('adminCustomers.form.accountingFree')}
        </span>
      );
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="new-customer-form">
      <Stack gap="md">
        {guard.prompt}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('adminCustomers.fields.name')}
            required
            autoComplete="off"
            {...form.getInputProps('display_name')}
          />
          <NativeSelect
            label={t('adminCustomers.fields.language')}
            data={[
              // Named in the screen's language, as the company data and the contact form name it.
              { value: 'nl', label: t('contacts.languages.nl') },
              { value: 'en', label: t('contacts.languages.en') },
            ]}
            {...form.getInputProps('language')}
          />
          <TextInput
            label={t('adminCustomers.fields.customerId')}
            inputMode="numeric"
            autoComplete="off"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            // While the field shows an error, the lookup's status would only say it a second time.
            description={
              form.errors.customer_id ? undefined : (
                <span aria-live="polite" className={classes.lookup}>
                  {idStatus}
                </span>
              )
            }
            {...form.getInputProps('customer_id')}
          />
          <TextInput
            label={t('adminCustomers.fields.accountingId')}
            autoComplete="off"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              form.errors.accounting_id ? undefined : <span aria-live="polite">{accountingStatus}</span>
            }
            {...form.getInputProps('accounting_id')}
          />
          <TextInput
            label={t('adminCustomers.fields.phone')}
            type="tel"
            autoComplete="off"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('adminCustomers.fields.coc')}
            autoComplete="off"
            {...form.getInputProps('coc_number')}
          />
          <TextInput
            label={t('adminCustomers.fields.vat')}
            autoComplete="off"
            {...form.getInputProps('vat_number')}
          />
        </SimpleGrid>
        <Fieldset
          legend={
            <Text fw={600} size="sm" span>
              {t('adminCustomers.form.address')}
            </Text>
          }
          variant="unstyled"
          p={0}
          m={0}
        >
          <Text size="sm" c="dimmed" mb="xs">
            {t('adminCustomers.form.addressHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput
              label={t('adminCustomers.fields.street')}
              autoComplete="off"
              {...form.getInputProps('street')}
            />
            <TextInput
              label={t('adminCustomers.fields.houseNumber')}
              autoComplete="off"
              {...form.getInputProps('house_number')}
            />
            <TextInput
              label={t('adminCustomers.fields.postalCode')}
              autoComplete="off"
              {...form.getInputProps('postal_code')}
            />
            <TextInput
              label={t('adminCustomers.fields.town')}
              autoComplete="off"
              {...form.getInputProps('town')}
            />
            <Select
              label={t('adminCustomers.fields.country')}
              data={countries}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('select.noResults', { ns: 'global', query: '' })}
              {...form.getInputProps('country')}
            />
          </SimpleGrid>
        </Fieldset>
        <FormError message={message} sessionExpired={isSessionExpired(create.error)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel', { ns: 'global' })}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('adminCustomers.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Checking() {
  const { t } = useTranslation('default');
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <Loader size={10} aria-hidden="true" />
      <span>{t('adminCustomers.form.checking')}</span>
    </Group>
  );
}

const idTakenText = (holder: { customer_id: number; display_name: string }, t: TFunction) =>
  t('adminCustomers.form.idTaken', { id: holder.customer_id, name: holder.display_name, ns: 'default' });

const linkTakenText = (holder: Customer, t: TFunction) =>
  t('adminCustomers.form.accountingTaken', {
    id: holder.customer_id,
    name: holder.display_name,
    ns: 'default',
  });
