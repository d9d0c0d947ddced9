import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Ticket } from '@portaal/contracts';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { useLeaveGuard } from '../../../components/leave-guard/use-leave-guard.tsx';
import { useFormFeedback } from '../hooks/use-form-feedback.ts';
import { useSendChangeRequest } from '../hooks/use-send-change-request.ts';
import { bicCheck, ibanCheck, normaliseBic, normaliseIban } from '../utils/change-rules.ts';
import {
  limits,
  optionalText,
  requiredChoice,
  requiredText,
  trimmedOrUndefined,
} from '../utils/form-rules.ts';
import { ChangeActionField } from './change-action.tsx';
import { FormFooter } from './page-states.tsx';

const FIELDS = ['action', 'iban', 'bic', 'account_holder', 'note'] as const;

/** "Change or add a bank account" (billing-edit): becomes an administrative ticket. */
export function BankAccountChangeForm({
  customerId,
  onCreated,
}: {
  customerId: number;
  onCreated: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation('support');
  const form = useForm({
    name: 'bank-account-change',
    mode: 'controlled',
    initialValues: { action: 'change', iban: '', bic: '', account_holder: '', note: '' },
    validate: {
      action: requiredChoice(t),
      iban: ibanCheck(t),
      bic: bicCheck(t),
      account_holder: requiredText(t, limits.accountHolder.max),
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
      const bic = normaliseBic(values.bic);
      send({
        kind: 'bank-account',
        body: {
          action: values.action === 'add' ? 'add' : 'change',
          iban: normaliseIban(values.iban),
          bic: bic === '' ? undefined : bic,
          account_holder: values.account_holder.trim(),
          note: trimmedOrUndefined(values.note),
        },
      });
    },
    (errors) => feedback.onInvalid(errors),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="bank-account-change-title">
      <Stack gap="md">
        {guard.prompt}
        <ChangeActionField
          label={t('change.action')}
          changeLabel={t('change.bank.change')}
          addLabel={t('change.bank.add')}
          {...form.getInputProps('action')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
          <TextInput
            label={t('change.bank.iban')}
            description={t('change.bank.ibanHint')}
            withAsterisk
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('iban')}
          />
          <TextInput
            label={t('change.bank.bic')}
            description={t('change.bank.bicHint')}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('bic')}
          />
          <TextInput
            label={t('change.bank.holder')}
            withAsterisk
            autoComplete="organization"
            {...form.getInputProps('account_holder')}
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
