import { Box, Card, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Ticket } from '@portaal/contracts';
import { displayLocales } from '@portaal/contracts/display-rules';
import type { TicketCategory } from '@portaal/contracts/ticket-rules';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { ticketsQueries } from '../api/tickets-queries.ts';
import { type RequestKind, requestKinds } from '../utils/search-params.ts';
import { AddressChangeForm } from './address-change-form.tsx';
import { BackLink } from './back-link.tsx';
import { BankAccountChangeForm } from './bank-account-change-form.tsx';
import { EndContractForm } from './end-contract-form.tsx';
import { LoadError, LoadingLines } from './page-states.tsx';
import { type ObjectFieldProps, TicketForm } from './ticket-form.tsx';

/** The width (px) of the page's heading, intro and forms at most; the request tabs take the column's. */
export const NEW_TICKET_MAX_WIDTH = 720;

/** Each panel's heading id; its form is labelled by it. */
const titleIds: Record<RequestKind, string> = {
  ticket: 'new-ticket-form-title',
  address: 'address-change-title',
  'bank-account': 'bank-account-change-title',
  'end-contract': 'end-contract-title',
};

/** The rights each kind needs in the selected customer (SPEC.md §5 and §6; the server checks again). */
const kindRights: Record<RequestKind, 'ticket-edit' | 'billing-edit' | 'subscription-edit'> = {
  ticket: 'ticket-edit',
  address: 'billing-edit',
  'bank-account': 'billing-edit',
  'end-contract': 'subscription-edit',
};

/** The kinds of request the user may file in the customer: the tabs and the intro both follow this. */
function useRequestKinds(customerId: number): RequestKind[] {
  const session = useSession();
  return requestKinds.filter((kind) => session.can({ customer: [kindRights[kind]] }, customerId));
}

/** What the intro offers, from the request kinds and the request types (per role) the form lets the user choose. */
function introActions(
  kinds: readonly RequestKind[],
  categories: readonly TicketCategory[],
): ('question' | 'incident' | 'change')[] {
  return [
    ...(categories.some((category) => category !== 'incident_request') ? (['question'] as const) : []),
    ...(categories.includes('incident_request') ? (['incident'] as const) : []),
    ...(kinds.some((kind) => kind !== 'ticket') ? (['change'] as const) : []),
  ];
}

/** What the route gives the support request form: the object it is about, and the picker to choose one. */
export interface ObjectChoice {
  /** The object named in the URL (?object=…), chosen at the start. */
  initial?: string;
  /** The landscape's picker; the route composes it in, so the tickets feature does not import it. */
  field?: ComponentType<ObjectFieldProps>;
}

/** /support/new-ticket: a support request, or one of the change requests the user may file. */
export function NewTicketPage({
  request,
  onRequestChange,
  onCreated,
  object,
}: {
  request: RequestKind | undefined;
  onRequestChange: (kind: RequestKind) => void;
  onCreated: (ticket: Ticket) => void;
  object?: ObjectChoice;
}) {
  const { t } = useTranslation('support');
  const selected = useSelectedCustomer();
  // A readable measure: on wide screens the fields would otherwise stretch to 1,300 px. The request
  // tabs are not held to it: four of them wrapped into two rows beside an empty half of the screen.
  return (
    <Stack gap="lg">
      <Box maw={NEW_TICKET_MAX_WIDTH}>
        <BackLink label={t('new.back')} />
        <Title order={1} mt={4}>
          {t('new.title')}
        </Title>
        {selected !== undefined && <NewTicketIntro key={selected.id} customerId={selected.id} />}
      </Box>
      {selected === undefined ? (
        <Text>{t('noSelection')}</Text>
      ) : (
        // A new key per customer: rights and request types differ, and a half-filled form must not
        // be sent for another customer than the one it was started for.
        <NewTicket
          key={selected.id}
          customerId={selected.id}
          request={request}
          onRequestChange={onRequestChange}
          onCreated={onCreated}
          object={object}
        />
      )}
    </Stack>
  );
}

/**
 * What the user can do here, naming only what they may choose: a viewer, who may only file a technical
 * request, is not offered incidents or changes to the company details. The request types are the ones
 * the form gets (the same query); nothing is said until they are known.
 */
function NewTicketIntro({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation('support');
  const { api } = useSession();
  const kinds = useRequestKinds(customerId);
  const withTicket = kinds.includes('ticket');
  const query = useQuery({ ...ticketsQueries.requestTypes(api, customerId), enabled: withTicket });
  if (withTicket && query.isPending) return null;
  const actions = introActions(kinds, query.data?.categories ?? []);
  if (actions.length === 0) return null;
  const list = new Intl.ListFormat(displayLocales[currentLanguage(i18n)], {
    style: 'long',
    type: 'disjunction',
  });
  return (
    <Text c="dimmed" mt={4}>
      {t('new.intro', { actions: list.format(actions.map((action) => t(`new.introActions.${action}`))) })}
    </Text>
  );
}

function NewTicket({
  customerId,
  request,
  onRequestChange,
  onCreated,
  object,
}: {
  customerId: number;
  request: RequestKind | undefined;
  onRequestChange: (kind: RequestKind) => void;
  onCreated: (ticket: Ticket) => void;
  object?: ObjectChoice;
}) {
  const { t } = useTranslation('support');
  const kinds = useRequestKinds(customerId);
  const active = kinds.find((kind) => kind === request) ?? kinds[0] ?? 'ticket';

  const panel = (kind: RequestKind): ReactNode => {
    switch (kind) {
      case 'ticket':
        return <TicketPanel customerId={customerId} onCreated={onCreated} object={object} />;
      case 'address':
        return <AddressChangeForm customerId={customerId} onCreated={onCreated} />;
      case 'bank-account':
        return <BankAccountChangeForm customerId={customerId} onCreated={onCreated} />;
      case 'end-contract':
        return <EndContractForm customerId={customerId} onCreated={onCreated} />;
    }
  };

  const card = (kind: RequestKind) => (
    <Card withBorder padding="lg" radius="md" maw={NEW_TICKET_MAX_WIDTH}>
      <Title order={2} size="h3" id={titleIds[kind]}>
        {t(`new.kinds.${kind}`)}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {t(`new.intros.${kind}`)}
      </Text>
      {panel(kind)}
    </Card>
  );

  if (kinds.length <= 1) return card(active);

  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const kind = kinds.find((candidate) => candidate === value);
        if (kind) onRequestChange(kind);
      }}
      variant="pills"
      keepMounted
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Text fw={600} id="request-kind-label">
            {t('new.choose')}
          </Text>
          <Tabs.List aria-labelledby="request-kind-label">
            {kinds.map((kind) => (
              <Tabs.Tab key={kind} value={kind}>
                {t(`new.kinds.${kind}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Stack>
        {kinds.map((kind) => (
          <Tabs.Panel key={kind} value={kind}>
            {card(kind)}
          </Tabs.Panel>
        ))}
      </Stack>
    </Tabs>
  );
}

function TicketPanel({
  customerId,
  onCreated,
  object,
}: {
  customerId: number;
  onCreated: (ticket: Ticket) => void;
  object?: ObjectChoice;
}) {
  const { t } = useTranslation('support');
  const { api } = useSession();
  const query = useQuery(ticketsQueries.requestTypes(api, customerId));
  if (query.isPending) return <LoadingLines lines={6} height={28} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.categories.length === 0) return <Text>{t('new.noRequestTypes')}</Text>;
  return (
    <TicketForm
      customerId={customerId}
      requestTypes={query.data}
      onCreated={onCreated}
      initialObject={object?.initial}
      objectField={object?.field}
    />
  );
}
