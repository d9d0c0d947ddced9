import { Alert, Anchor, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { type ApiError, dataOf, isSessionExpired } from '../../../lib/api-client.ts';

interface FiledTicket {
  ticket_id: number;
}

/**
 * The Observe promo (DESIGN.md §8) for customers without Observe: what it is, its limits, and a
 * request for it filed as an administrative ticket through the tickets API.
 */
export function ObservePromo({ customerId, canRequest }: { customerId: number; canRequest: boolean }) {
  const { t, i18n } = useTranslation();
  const errorText = useApiErrorText();
  const { api } = useSession();
  const request = useMutation<FiledTicket, ApiError | Error, void>({
    mutationFn: () => {
      const english = i18n.getFixedT('en');
      const language = i18n.language.startsWith('nl') ? 'nl' : 'en';
      const text = language === 'en' ? english : i18n.getFixedT('nl');
      return dataOf(
        api.POST('/api/v2/customer/{customer_id}/tickets', {
          params: { path: { customer_id: customerId } },
          body: {
            category: 'administrative_request',
            subject: text('trends.observe.ticketSubject'),
            description: text('trends.observe.ticketBody'),
            priority: 3,
          },
        }),
      );
    },
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="observe-promo-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="observe-promo-title">
          {t('trends.observe.promoTitle')}
        </Title>
        <Text>{t('trends.observe.promoIntro')}</Text>
        <List spacing={4}>
          <List.Item>{t('trends.observe.metrics')}</List.Item>
          <List.Item>{t('trends.observe.logs')}</List.Item>
          <List.Item>{t('trends.observe.traces')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('trends.observe.limits')}
        </Text>
        {request.isSuccess ? (
          <Alert color="green" variant="light" role="status" title={t('trends.observe.requested')}>
            <Anchor
              size="sm"
              underline="always"
              renderRoot={(props) => (
                <Link {...props} to="/support/ticket/$id" params={{ id: String(request.data.ticket_id) }} />
              )}
            >
              {t('trends.observe.openTicket', { id: request.data.ticket_id })}
            </Anchor>
          </Alert>
        ) : canRequest ? (
          <Stack gap="xs" align="flex-start">
            <Button onClick={() => request.mutate()} loading={request.isPending}>
              {t('trends.observe.request')}
            </Button>
            {request.isError && (
              <FormError
                message={`${errorText(request.error)} ${t('trends.observe.askOwner')}`}
                sessionExpired={isSessionExpired(request.error)}
              />
            )}
          </Stack>
        ) : (
          <Text size="sm">{t('trends.observe.askOwner')}</Text>
        )}
      </Stack>
    </Card>
  );
}
