import { Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ComponentType, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { useLeaveGuard } from '../../../components/leave-guard/use-leave-guard.tsx';
import { BackLink } from '../../../components/list-shell/list-shell.tsx';
import { isSessionExpired } from '../../../lib/api-client.ts';
import { mailingsQueries } from '../api/mailings-queries.ts';
import { useSendMailing } from '../api/use-send-mailing.ts';
import { MailingCheckStep } from './mailing-check-step.tsx';
import { MailingContentStep } from './mailing-content-step.tsx';
import { type CustomerFieldProps, MailingListStep } from './mailing-list-step.tsx';
import { MailingProgressBar, MailingStatusBadge } from './mailing-status.tsx';
import { SendConfirmation } from './send-confirmation.tsx';
import {
  contentFields,
  initialWizardValues,
  toInput,
  toQuery,
  type WizardValues,
  wizardRules,
} from './wizard-values.ts';

const STEPS = 3;

/**
 * /admin/mailings/new (staff moderators, decision 0026): the mass-mailing wizard of SPEC.md §2 in three
 * steps — the mailing list (with the live recipient count), the content in English and Dutch, and a
 * check before sending. After sending it shows the progress.
 */
export function MailingWizard({
  customerField,
}: {
  /** Chooses customers by name or number (the route hands over the customers feature's picker). */
  customerField: ComponentType<CustomerFieldProps>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [active, setActive] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [stepError, setStepError] = useState<string>();
  // The send was refused with a 401: the message offers to sign in again (the wizard's input is lost).
  const [sessionExpired, setSessionExpired] = useState(false);
  const errorText = useApiErrorText();
  const heading = useRef<HTMLHeadingElement>(null);
  const narrow = useMediaQuery('(max-width: 48em)', false);
  const sendMailing = useSendMailing();

  const form = useForm<WizardValues>({
    mode: 'controlled',
    initialValues: initialWizardValues(session.config.brand_name),
    validate: wizardRules(t),
  });
  const values = form.getValues();
  const [query] = useDebouncedValue(toQuery(values.query), 250);
  const preview = useQuery(mailingsQueries.preview(session.api, query));
  // Once sent, the wizard shows the progress: nothing is left to lose.
  const guard = useLeaveGuard(form.isDirty() && !sendMailing.isSuccess);

  const go = (step: number) => {
    setStepError(undefined);
    setSessionExpired(false);
    setActive(step);
    // The new step's heading takes the focus, so keyboard and screen reader users start at its top.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const next = (event?: FormEvent) => {
    event?.preventDefault();
    if (active === 0) {
      if (!preview.data || preview.data.count === 0) {
        // The step itself already says that the selection has no recipients: this says what to do.
        setStepError(t('mailings.list.noneToGoOn'));
        return;
      }
    }
    if (active === 1) {
      const wrong = contentFields.filter((field) => form.validateField(field).hasError);
      const first = wrong[0];
      if (first) {
        document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
        return;
      }
    }
    go(Math.min(active + 1, STEPS - 1));
  };

  const send = () => {
    setConfirming(false);
    sendMailing.mutate(
      { input: toInput(values) },
      {
        onSuccess: () => go(STEPS),
        onError: (error) => {
          // MAILING_NO_RECIPIENTS (the list emptied since step 1) and every other refusal, by code.
          setStepError(errorText(error));
          setSessionExpired(isSessionExpired(error));
        },
      },
    );
  };

  const progress = useQuery({
    ...mailingsQueries.progress(session.api, sendMailing.data?.mailing_id ?? 0),
    enabled: sendMailing.data !== undefined,
  });
  const shown = progress.data ?? sendMailing.data;
  const stepTitles = [t('mailings.steps.list'), t('mailings.steps.content'), t('mailings.steps.check')];

  return (
    <Stack gap="lg">
      {guard.prompt}
      <BackLink to="/admin/mailings">{t('mailings.back')}</BackLink>
      <Title order={1}>{t('mailings.newTitle')}</Title>
      <Stepper
        active={active}
        onStepClick={(step) => (step < active && active < STEPS ? go(step) : undefined)}
        allowNextStepsSelect={false}
        orientation={narrow ? 'vertical' : 'horizontal'}
        size="sm"
      >
        {stepTitles.map((title, index) => (
          <Stepper.Step
            key={title}
            label={title}
            description={t(`mailings.steps.${['listHint', 'contentHint', 'checkHint'][index]}`)}
            allowStepSelect={index < active && active < STEPS}
          />
        ))}
      </Stepper>
      {active < STEPS ? (
        <form onSubmit={next} noValidate aria-labelledby="mailing-step-title" data-testid="mailing-wizard">
          <Card withBorder radius="md" padding="lg">
            <Stack gap="lg">
              <Title order={2} size="h3" id="mailing-step-title" ref={heading} tabIndex={-1}>
                {t('mailings.steps.title', { step: active + 1, total: STEPS, title: stepTitles[active] })}
              </Title>
              {active === 0 && (
                <MailingListStep form={form} preview={preview} customerField={customerField} />
              )}
              {active === 1 && <MailingContentStep form={form} />}
              {active === 2 && <MailingCheckStep values={values} preview={preview.data} />}
              <FormError message={stepError} sessionExpired={sessionExpired} />
              <Group justify="space-between">
                {active > 0 ? (
                  <Button variant="default" onClick={() => go(active - 1)}>
                    {t('mailings.previous')}
                  </Button>
                ) : (
                  <span />
                )}
                {active < STEPS - 1 ? (
                  <Button type="submit">{t('mailings.next')}</Button>
                ) : (
                  <Button
                    color="red"
                    onClick={() => setConfirming(true)}
                    loading={sendMailing.isPending}
                    disabled={!preview.data || preview.data.count === 0}
                  >
                    {t('mailings.send')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        </form>
      ) : (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mailing-step-title">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h3" id="mailing-step-title" ref={heading} tabIndex={-1}>
                {t('mailings.sending.title')}
              </Title>
              {progress.data && <MailingStatusBadge status={progress.data.status} />}
            </Group>
            <Text>{t('mailings.sending.text')}</Text>
            {shown && <MailingProgressBar progress={shown} />}
            <Group>
              {shown && (
                <Button
                  renderRoot={(props) => (
                    <Link {...props} to="/admin/mailings/$id" params={{ id: String(shown.mailing_id) }} />
                  )}
                  variant="default"
                >
                  {t('mailings.sending.open')}
                </Button>
              )}
              <Button component={Link} to="/admin/mailings" variant="default">
                {t('mailings.sending.overview')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <SendConfirmation
        opened={confirming}
        count={preview.data?.count}
        onCancel={() => setConfirming(false)}
        onSend={send}
      />
    </Stack>
  );
}
