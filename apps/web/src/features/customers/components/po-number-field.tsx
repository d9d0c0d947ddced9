import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { isSessionExpired } from '../../../lib/api-client.ts';
import { formFieldErrors } from '../../../lib/error-text.ts';
import { useInlineEdit } from '../../../lib/use-inline-edit.ts';
import { useUpdateCustomer } from '../api/use-update-customer.ts';

/** The API's limit (packages/contracts customerUpdateSchema). */
export const PO_NUMBER_MAX_LENGTH = 64;
const FIELD = 'usage_po_number';

/**
 * The usage PO number: shown to everyone who may read the company, editable inline by users with
 * company-edit. The server decides; this only hides what the user cannot use.
 */
export function PoNumberField({ customerId, value }: { customerId: number; value: string | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const canEdit = session.can({ customer: ['company-edit'] }, customerId);
  // Back on the edit button after saving or cancelling, so keyboard users keep their place.
  const { editing, editButton, open, close } = useInlineEdit();

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('company.po.description')}
      </Text>
      {editing ? (
        <PoNumberForm customerId={customerId} value={value} onDone={close} />
      ) : (
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <DataList
            items={[
              {
                label: t('company.po.label'),
                value: value ? (
                  <span data-testid="po-number">{value}</span>
                ) : (
                  <Text span c="dimmed" fs="italic" data-testid="po-number">
                    {t('company.po.empty')}
                  </Text>
                ),
              },
            ]}
          />
          {canEdit && (
            <Button ref={editButton} variant="default" onClick={open}>
              {t('company.po.edit')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

function PoNumberForm({
  customerId,
  value,
  onDone,
}: {
  customerId: number;
  value: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateCustomer(customerId);
  const errorText = useApiErrorText();
  const [formError, setFormError] = useState<string>();
  const form = useForm({
    mode: 'controlled',
    initialValues: { [FIELD]: value ?? '' },
    validate: {
      [FIELD]: (input: string) =>
        input.trim().length > PO_NUMBER_MAX_LENGTH
          ? t('form.maxLength', { ns: 'global', max: PO_NUMBER_MAX_LENGTH })
          : null,
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(undefined);
    const trimmed = (values[FIELD] ?? '').trim();
    update.mutate(
      { usage_po_number: trimmed === '' ? null : trimmed },
      {
        onSuccess: () => {
          toast({ title: t('company.po.saved') });
          onDone();
        },
        onError: (error) => {
          const { fields, complete } = formFieldErrors(error, [FIELD], t);
          form.setErrors(fields);
          if (!complete) setFormError(errorText(error));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('company.po.formLabel')}>
      <Stack gap="sm">
        <TextInput
          label={t('company.po.label')}
          description={t('company.po.hint', { max: PO_NUMBER_MAX_LENGTH })}
          autoComplete="off"
          data-autofocus
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          {...form.getInputProps(FIELD)}
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
