import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSession } from '../../../app/session.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { BackLink } from '../../../components/list-shell/list-shell.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatAgreementAmount } from '../../../lib/format-agreement-amount.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { agreementsQueries } from '../api/agreements-queries.ts';
import type { AgreementView } from '../utils/agreement-search.ts';
import { AgreementChangeForm } from './agreement-change-form.tsx';
import { AgreementChangelog } from './agreement-changelog.tsx';
import { AgreementSettings } from './agreement-settings.tsx';
import classes from './agreements.module.css';

/**
 * /admin/agreements/{customerId} (staff, decision 0024): a customer's usage agreement. Its total,
 * unit and PO number; holders of agreement-edit record changes (with the new total previewed) and
 * edit the PO number; the changelog as a table or a timeline.
 */
export function AgreementPage({
  customerId,
  view,
  onViewChange,
}: {
  customerId: number;
  view: AgreementView;
  onViewChange(view: AgreementView): void;
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const session = useSession();
  const canEdit = session.can(access.agreementEdit);
  const detail = useQuery(agreementsQueries.detail(session.api, customerId));

  const back = <BackLink to="/admin/customers">{t('agreements.back')}</BackLink>;
  if (detail.isPending) {
    return (
      <Stack gap="lg">
        {back}
        <LoadingBlocks count={3} height={110} />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="lg">
        {back}
        <Title order={1}>{t('agreements.title')}</Title>
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }
  const agreement = detail.data;

  return (
    <Stack gap="lg">
      {back}
      <div>
        <Text c="dimmed" size="sm" fw={500}>
          {t('agreements.title')}
        </Text>
        <Title order={1} data-user-content data-testid="agreement-customer">
          {agreement.customer_name}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('agreements.customerId', { id: agreement.customer_id })}
        </Text>
      </div>
      <div className={classes.summary}>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="agreement-total-label">
          <Text id="agreement-total-label" size="sm" c="dimmed" fw={500}>
            {t('agreements.total')}
          </Text>
          <Text className={classes.total} data-testid="agreement-total" aria-live="polite">
            {formatAgreementAmount(agreement.total, agreement.unit, language, t)}
          </Text>
          <Text size="sm" c="dimmed">
            {agreement.updated_at
              ? t('agreements.updatedAt', { when: formatDateTime(agreement.updated_at) })
              : t('agreements.neverChanged')}
          </Text>
        </Card>
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-labelledby="agreement-settings-title"
        >
          <AgreementSettings agreement={agreement} canEdit={canEdit} />
        </Card>
      </div>
      {canEdit && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="agreement-form-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3" id="agreement-form-title">
              {t('agreements.form.title')}
            </Title>
          </Group>
          <AgreementChangeForm agreement={agreement} />
        </Card>
      )}
      <AgreementChangelog agreement={agreement} view={view} onViewChange={onViewChange} />
    </Stack>
  );
}
