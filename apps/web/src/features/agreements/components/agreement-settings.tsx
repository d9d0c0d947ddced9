import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Agreement, type AgreementUnit, agreementUnits } from '@portaal/contracts/agreements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { isSessionExpired } from '../../../lib/api-client.ts';
import { formFieldErrors } from '../../../lib/error-text.ts';
import { useInlineEdit } from '../../../lib/use-inline-edit.ts';
import { useUpdateAgreement } from '../api/use-update-agreement.ts';

/** The API's limit (agreementUpdateSchema). */
export const AGREEMENT_PO_MAX_LENGTH = 64;

/** The agreement's PO number and unit; holders of agreement-edit change them inline. */
export function AgreementSettings({ agreement, canEdit }: { agreement: Agreement; canEdit: boolean }) {
  const { t } = useTranslation();
  // Back on the edit button after saving or cancelling, so keyboard users keep their place.
  const { editing, editButton, open, close } = useInlineEdit();

  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="agreement-settings-title">
        {t('agreements.settings.title')}
      </Title>
      {editing ? (
        <SettingsForm agreement={agreement} onDone={close} />
      ) : (
        <>
          <DataList
            fitContainer
            items={[
              {
                label: t('agreements.settings.poNumber'),
                value: agreement.po_number ? (
                  <span data-testid="agreement-po" data-user-content>
                    {agreement.po_number}
                  </span>
                ) : (
                  <Text span c="dimmed" fs="italic" data-testid="agreement-po">
                    {t('agreements.settings.noPo')}
                  </Text>
                ),
              },
              { label: t('agreements.settings.unit'), value: t(`agreements.unitNames.${agreement.unit}`) },
            ]}
          />
          {canEdit && (
            <Group>
              <Button ref={editButton} variant="default" onClick={open}>
                {t('agreements.settings.edit')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/** The settings the API may refuse, each on its own field. */
const FIELDS = ['po_number', 'unit'];

function SettingsForm({ agreement, onDone }: { agreement: Agreement; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAgreement(agreement.customer_id);
  const errorText = useApiErrorText();
  const [formError, setFormError] = useState<string>();
  const form = useForm({
    mode: 'controlled',
    initialValues: { po_number: agreement.po_number ?? '', unit: agreement.unit as AgreementUnit },
    validate: {
      po_number: (input: string) =>
        input.trim().length > AGREEMENT_PO_MAX_LENGTH
          ? t('form.maxLength', { ns: 'global', max: AGREEMENT_PO_MAX_LENGTH })
          : null,
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(undefined);
    const po = values.po_number.trim();
    update.mutate(
      { po_number: po === '' ? null : po, unit: values.unit },
      {
        onSuccess: () => {
          toast({ title: t('agreements.settings.saved') });
          onDone();
        },
        onError: (error) => {
          const { fields, complete } = formFieldErrors(error, FIELDS, t);
          form.setErrors(fields);
          if (!complete) setFormError(errorText(error));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('agreements.settings.formLabel')}>
      <Stack gap="sm">
        <TextInput
          label={t('agreements.settings.poNumber')}
          description={t('agreements.settings.poHint', { max: AGREEMENT_PO_MAX_LENGTH })}
          autoComplete="off"
          data-autofocus
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          data-testid="agreement-po-input"
          {...form.getInputProps('po_number')}
        />
        <NativeSelect
          label={t('agreements.settings.unit')}
          data={agreementUnits.map((unit) => ({ value: unit, label: t(`agreements.unitNames.${unit}`) }))}
          {...form.getInputProps('unit')}
        />
        <FormError message={formError} sessionExpired={isSessionExpired(update.error)} />
        <Group gap="sm">
          <Button type="submit" loading={update.isPending}>
            {t('form.save', { ns: 'global' })}
          </Button>
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {t('form.cancel', { ns: 'global' })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
