import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Ticket } from '@portaal/contracts';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field/date-field.tsx';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { useLeaveGuard } from '../../../components/leave-guard/use-leave-guard.tsx';
import { useFormFeedback } from '../hooks/use-form-feedback.ts';
import { useSendChangeRequest } from '../hooks/use-send-change-request.ts';
import {
  dateCheck,
  limits,
  localToday,
  optionalText,
  requiredText,
  trimmedOrUndefined,
} from '../utils/form-rules.ts';
import { FormFooter } from './page-states.tsx';

const FIELDS = ['contract_reference', 'end_date', 'reason'] as const;

/** "End a contract" (subscription-edit): becomes an administrative ticket. */
export function EndContractForm({
  customerId,
  onCreated,
}: {
  customerId: number;
  onCreated: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation('support');
  const form = useForm({
    name: 'end-contract',
    mode: 'controlled',
    initialValues: { contract_reference: '', end_date: '', reason: '' },
    validate: {
      contract_reference: requiredText(t, limits.contractReference.max),
      end_date: dateCheck(t, localToday),
      reason: optionalText(t, limits.note.max),
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
        kind: 'end-contract',
        body: {
          contract_reference: values.contract_reference.trim(),
          end_date: values.end_date,
          reason: trimmedOrUndefined(values.reason),
        },
      });
    },
    (errors) => feedback.onInvalid(errors),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="end-contract-title">
      <Stack gap="md">
        {guard.prompt}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
          <TextInput
            label={t('change.contract.reference')}
            description={t('change.contract.referenceHint')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('contract_reference')}
          />
          <DateField
            minDate={localToday()}
            label={t('change.contract.endDate')}
            description={t('change.contract.endDateHint')}
            withAsterisk
            {...form.getInputProps('end_date')}
            value={form.values.end_date}
          />
        </SimpleGrid>
        <GrowingTextarea
          label={t('change.contract.reason')}
          minRows={3}
          maxRows={10}
          {...form.getInputProps('reason')}
        />
        <FormFooter feedback={feedback} pending={pending}>
          {t('change.submit')}
        </FormFooter>
      </Stack>
    </form>
  );
}
