import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Ticket } from '@portaal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { useLeaveGuard } from '../../../components/leave-guard/use-leave-guard.tsx';
import { countryOptions } from '../../../lib/countries.ts';
import { useFormFeedback } from '../hooks/use-form-feedback.ts';
import { useSendChangeRequest } from '../hooks/use-send-change-request.ts';
import { countryCheck, postalCodeCheck } from '../utils/change-rules.ts';
import {
  limits,
  optionalText,
  requiredChoice,
  requiredText,
  trimmedOrUndefined,
} from '../utils/form-rules.ts';
import { ChangeActionField } from './change-action.tsx';
import { FormFooter } from './page-states.tsx';

const ADDRESS_TYPES = ['visit', 'postal', 'invoice', 'delivery'] as const;
type AddressType = (typeof ADDRESS_TYPES)[number];

const FIELDS = [
  'action',
  'address_type',
  'street',
  'house_number',
  'postal_code',
  'town',
  'country',
  'note',
] as const;

/** "Change or add an address" (billing-edit): becomes an administrative ticket. */
export function AddressChangeForm({
  customerId,
  onCreated,
}: {
  customerId: number;
  onCreated: (ticket: Ticket) => void;
}) {
  const { t, i18n } = useTranslation('support');
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const form = useForm({
    name: 'address-change',
    mode: 'controlled',
    initialValues: {
      action: 'change',
      address_type: null as string | null,
      street: '',
      house_number: '',
      postal_code: '',
      town: '',
      country: 'NL' as string | null,
      note: '',
    },
    validate: {
      action: requiredChoice(t),
      address_type: requiredChoice(t),
      street: requiredText(t, limits.street.max),
      house_number: requiredText(t, limits.houseNumber.max),
      postal_code: postalCodeCheck(t, limits.postalCode.max),
      town: requiredText(t, limits.town.max),
      country: countryCheck(t),
      note: optionalText(t, limits.note.max),
    },
  });
  const feedback = useFormFeedback(form, FIELDS, t);
  const guard = useLeaveGuard(form.isDirty());
  const { send, pending } = useSendChangeRequest(customerId, feedback, (ticket) => {
    guard.release();
    onCreated(ticket);
  });

  const submit = form.onSubmit(
    (values) => {
      send({
        kind: 'address',
        body: {
          action: values.action === 'add' ? 'add' : 'change',
          address_type: values.address_type as AddressType,
          street: values.street.trim(),
          house_number: values.house_number.trim(),
          postal_code: values.postal_code.trim(),
          town: values.town.trim(),
          country: values.country ?? '',
          note: trimmedOrUndefined(values.note),
        },
      });
    },
    (errors) => feedback.onInvalid(errors),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="address-change-title">
      <Stack gap="md">
        {guard.prompt}
        <ChangeActionField
          label={t('change.action')}
          changeLabel={t('change.address.change')}
          addLabel={t('change.address.add')}
          {...form.getInputProps('action')}
        />
        <Select
          label={t('change.address.type')}
          placeholder={t('change.address.typePlaceholder')}
          data={ADDRESS_TYPES.map((value) => ({ value, label: t(`change.address.types.${value}`) }))}
          allowDeselect={false}
          withAsterisk
          maw={360}
          {...form.getInputProps('address_type')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
          <TextInput
            label={t('change.address.street')}
            withAsterisk
            autoComplete="address-line1"
            {...form.getInputProps('street')}
          />
          <TextInput
            label={t('change.address.houseNumber')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('house_number')}
          />
          <TextInput
            label={t('change.address.postalCode')}
            withAsterisk
            autoComplete="postal-code"
            {...form.getInputProps('postal_code')}
          />
          <TextInput
            label={t('change.address.town')}
            withAsterisk
            autoComplete="address-level2"
            {...form.getInputProps('town')}
          />
          <Select
            label={t('change.address.country')}
            data={countries}
            searchable
            allowDeselect={false}
            withAsterisk
            nothingFoundMessage={t('select.empty', { ns: 'global' })}
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
        <GrowingTextarea
          label={t('change.note')}
          description={t('change.noteHint')}
          minRows={3}
          maxRows={10}
          {...form.getInputProps('note')}
        />
        <FormFooter feedback={feedback} pending={pending}>
          {t('change.submit')}
        </FormFooter>
      </Stack>
    </form>
  );
}
