import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Agreement, nextAgreementTotal } from '@portaal/contracts/agreements';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { ApiError, isSessionExpired } from '../../../lib/api-client.ts';
import { formFieldErrors } from '../../../lib/error-text.ts';
import { formatAgreementAmount } from '../../../lib/format-agreement-amount.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useAddAgreementChange } from '../api/use-add-agreement-change.ts';
import { normalizeAmount } from '../utils/agreement-search.ts';
import classes from './agreements.module.css';

/** The API's limits (agreementChangeInputSchema). */
export const COMMENT_MIN = 3;
export const COMMENT_MAX = 500;

/** The fields the API may refuse that the form shows. */
const FIELDS = ['amount', 'comment', 'renewal'];

interface Values {
  amount: string;
  comment: string;
  renewal: boolean;
}

/**
 * A change of the agreement: an amount added (negative: subtracted), or with "renewal" the new total
 * itself, and a comment. The new total is shown while typing; one below 0 is the amount's error, as
 * the server would refuse it (AGREEMENT_TOTAL_NEGATIVE).
 */
export function AgreementChangeForm({ agreement }: { agreement: Agreement }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const add = useAddAgreementChange(agreement.customer_id);
  const errorText = useApiErrorText();
  const [formError, setFormError] = useState<string>();
  const amountInput = useRef<HTMLInputElement>(null);
  const format = (value: string) => formatAgreementAmount(value, agreement.unit, language, t);

  const outcome = (values: Values) =>
    nextAgreementTotal(agreement.total, normalizeAmount(values.amount), values.renewal);
  const amountError = (values: Values): string | null => {
    if (values.amount.trim() === '') return t('form.required', { ns: 'global' });
    const next = outcome(values);
    if (next.ok) return null;
    if (next.reason === 'negative')
      return t('agreements.form.belowZero', { total: format(next.total ?? '0') });
    if (next.reason === 'too-large') return t('agreements.form.tooLarge');
    if (next.reason === 'zero') return t('agreements.form.amountZero');
    return t('agreements.form.amountFormat');
  };

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { amount: '', comment: '', renewal: false },
    validate: {
      amount: (_value, values) => amountError(values),
      comment: (value) => {
        const trimmed = value.trim();
        if (trimmed.length === 0) return t('form.required', { ns: 'global' });
        if (trimmed.length < COMMENT_MIN) return t('form.minLength', { ns: 'global', min: COMMENT_MIN });
        if (trimmed.length > COMMENT_MAX) return t('form.maxLength', { ns: 'global', max: COMMENT_MAX });
        return null;
      },
    },
  });

  const values = form.getValues();
  const typed = values.amount.trim() !== '';
  const preview = typed ? outcome(values) : undefined;
  // The below-zero rule is shown as soon as it applies, not only after sending.
  const liveAmountError = typed && preview && !preview.ok ? amountError(values) : null;

  const submit = form.onSubmit(
    (input) => {
      setFormError(undefined);
      add.mutate(
        { amount: normalizeAmount(input.amount), comment: input.comment.trim(), renewal: input.renewal },
        {
          onSuccess: (result) => {
            toast({
              title: t('agreements.form.saved'),
              description: t('agreements.form.savedText', { total: format(result.agreement.total) }),
            });
            form.reset();
            amountInput.current?.focus();
          },
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'AGREEMENT_TOTAL_NEGATIVE') {
              form.setFieldError('amount', errorText(error));
              return;
            }
            const { fields, complete } = formFieldErrors(error, FIELDS, t);
            form.setErrors(fields);
            if (!complete) setFormError(errorText(error));
          },
        },
      );
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="agreement-form-title" data-testid="agreement-form">
      <Stack gap="md">
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            ref={amountInput}
            label={values.renewal ? t('agreements.form.renewalAmount') : t('agreements.form.amount')}
            description={values.renewal ? t('agreements.form.renewalHint') : t('agreements.form.amountHint')}
            inputMode="decimal"
            autoComplete="off"
            required
            data-field="amount"
            data-testid="agreement-amount"
            style={{ flex: '1 1 14rem' }}
            {...form.getInputProps('amount')}
            error={form.errors.amount ?? liveAmountError}
          />
          <Stack gap={4} style={{ flex: '1 1 14rem' }}>
            <Text size="sm" fw={500}>
              {t('agreements.form.newTotal')}
            </Text>
            <Text
              className={preview && !preview.ok ? `${classes.preview} ${classes.negative}` : classes.preview}
              fw={700}
              size="lg"
              aria-live="polite"
              data-testid="agreement-preview"
            >
              {preview?.ok
                ? format(preview.total)
                : preview
                  ? t('agreements.form.notPossible')
                  : format(agreement.total)}
            </Text>
          </Stack>
        </Group>
        <Checkbox
          label={t('agreements.form.renewal')}
          description={t('agreements.form.renewalDescription')}
          data-testid="agreement-renewal"
          {...form.getInputProps('renewal', { type: 'checkbox' })}
        />
        <GrowingTextarea
          label={t('agreements.form.comment')}
          description={t('agreements.form.commentHint', { min: COMMENT_MIN, max: COMMENT_MAX })}
          minRows={2}
          maxRows={6}
          required
          data-field="comment"
          data-testid="agreement-comment"
          {...form.getInputProps('comment')}
        />
        <FormError message={formError} sessionExpired={isSessionExpired(add.error)} />
        <Group>
          <Button type="submit" loading={add.isPending} data-testid="agreement-submit">
            {values.renewal ? t('agreements.form.submitRenewal') : t('agreements.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
