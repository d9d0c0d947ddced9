import { Alert, Badge, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type ChatChannel,
  type ChatChannelKind,
  type ChatTestResult,
  chatChannelInputSchema,
  chatChannelKinds,
  MAX_CHAT_CHANNELS,
} from '@portaal/contracts/chat';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { SaveFailed } from '../../../components/feedback/form-error.tsx';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { useErrorToast } from '../../../components/feedback/use-error-toast.ts';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { fieldErrorText, formFieldErrors } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { chatQueries } from '../api/chat-queries.ts';
import { useAddChatChannel } from '../api/use-add-chat-channel.ts';
import { useRemoveChatChannel } from '../api/use-remove-chat-channel.ts';
import { useTestChatChannel } from '../api/use-test-chat-channel.ts';
import classes from './chat.module.css';

const FIELDS = ['name', 'kind', 'url', 'language'] as const;
type Field = (typeof FIELDS)[number];
type Values = { name: string; kind: ChatChannelKind; url: string; language: 'en' | 'nl' };

/** The API's and the schema's field messages in the user's language; the address rules have their own. */
function messageText(message: string, t: TFunction): string {
  if (/private|loopback|link-local/.test(message)) return t('chat.errors.private');
  if (/https/.test(message)) return t('chat.errors.https');
  if (/cannot be found/.test(message)) return t('chat.errors.host');
  if (/user name|password/.test(message)) return t('chat.errors.credentials');
  return fieldErrorText(message, t);
}

const STATUS_COLORS = { sent: 'green', failed: 'red', pending: 'yellow' } as const;

function LastDelivery({ channel }: { channel: ChatChannel }) {
  const { t } = useTranslation();
  const last = channel.last_delivery;
  if (!last) {
    return (
      <Text size="sm" c="dimmed">
        {t('chat.never')}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color={STATUS_COLORS[last.status]}>
          {t(`chat.status.${last.status}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {formatDateTime(last.at)}
        </Text>
      </Group>
      {last.status === 'failed' && last.error && (
        <Text size="sm" c="dimmed" className={classes.error}>
          {last.error}
        </Text>
      )}
    </Stack>
  );
}

function TestOutcome({ result }: { result: ChatTestResult }) {
  const { t } = useTranslation();
  return result.delivered ? (
    <Alert color="green" variant="light" role="status" py="xs">
      {t('chat.testDelivered', { status: result.status ?? '' })}
    </Alert>
  ) : (
    <Alert color="red" variant="light" role="alert" py="xs">
      {t('chat.testFailed', { reason: result.error ?? '' })}
    </Alert>
  );
}

function ChannelItem({
  channel,
  onRemove,
  customerId,
}: {
  channel: ChatChannel;
  onRemove: () => void;
  customerId: number;
}) {
  const { t } = useTranslation();
  const errorToast = useErrorToast();
  const test = useTestChatChannel(customerId);
  return (
    <li className={classes.item} aria-labelledby={`chat-channel-${channel.channel_id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} className={classes.main}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} id={`chat-channel-${channel.channel_id}`} className={classes.name}>
                {channel.name}
              </Text>
              <Badge variant="default" tt="none" fw={500}>
                {t(`chat.kinds.${channel.kind}`)}
              </Badge>
              <Badge variant="default" tt="none" fw={500}>
                {t(`contacts.languages.${channel.language}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" className={classes.url}>
              {channel.url_hint}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              size="compact-sm"
              loading={test.isPending}
              onClick={() =>
                test.mutate(channel.channel_id, {
                  onError: (error) => errorToast(t('chat.testError'), error),
                })
              }
            >
              {t('chat.test')}
            </Button>
            <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
              {t('chat.remove')}
            </Button>
          </Group>
        </Group>
        <div>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('chat.lastDelivery')}
          </Text>
          <LastDelivery channel={channel} />
        </div>
        {test.data && <TestOutcome result={test.data} />}
      </Stack>
    </li>
  );
}

const empty: Values = { name: '', kind: 'slack', url: '', language: 'nl' };

function AddChannelForm({ customerId, full }: { customerId: number; full: boolean }) {
  const { t } = useTranslation();
  const add = useAddChatChannel(customerId);
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = <K extends Field>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = chatChannelInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= messageText(issue.message, t);
      }
      setErrors(found);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (channel) => {
        toast({ title: t('chat.added', { name: channel.name }) });
        setValues(empty);
      },
      onError: (error) => setErrors(formFieldErrors(error, FIELDS, t, (text) => messageText(text, t)).fields),
    });
  };

  if (full) {
    return (
      <Text size="sm" c="dimmed">
        {t('chat.full', { max: MAX_CHAT_CHANNELS })}
      </Text>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="chat-add-title">
      <Stack gap="sm">
        <Text fw={600} id="chat-add-title">
          {t('chat.addTitle')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('chat.fields.name')}
            description={t('chat.fields.nameHint')}
            value={values.name}
            error={errors.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            required
            maxLength={80}
          />
          <Select
            label={t('chat.fields.kind')}
            data={chatChannelKinds.map((kind) => ({ value: kind, label: t(`chat.kinds.${kind}`) }))}
            value={values.kind}
            error={errors.kind}
            onChange={(value) => value && set('kind', value as ChatChannelKind)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <TextInput
          label={t('chat.fields.url')}
          description={t(`chat.fields.urlHint.${values.kind}`)}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={values.url}
          error={errors.url}
          onChange={(event) => set('url', event.currentTarget.value)}
          required
        />
        <Select
          label={t('chat.fields.language')}
          data={(['nl', 'en'] as const).map((code) => ({
            value: code,
            label: t(`contacts.languages.${code}`),
          }))}
          value={values.language}
          onChange={(value) => value && set('language', value as 'en' | 'nl')}
          allowDeselect={false}
          maw={320}
        />
        {/* What the fields do not show: the refusal itself (after a 401, with a new sign-in). */}
        {add.isError && !formFieldErrors(add.error, FIELDS, t).complete && <SaveFailed error={add.error} />}
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('chat.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Company screen's chat channels (owners): the list with test and remove, and adding one. */
export function ChatChannelsSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const query = useQuery(chatQueries.list(api, customerId));
  const remove = useRemoveChatChannel(customerId);
  const [removing, setRemoving] = useState<ChatChannel>();

  let body: ReactNode;
  if (query.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <LoadingBlocks count={2} height={64} />;
  else if (query.data.length === 0) body = <Text c="dimmed">{t('chat.empty')}</Text>;
  else {
    body = (
      <ul className={classes.list}>
        {query.data.map((channel) => (
          <ChannelItem
            key={channel.channel_id}
            channel={channel}
            customerId={customerId}
            onRemove={() => {
              remove.reset();
              setRemoving(channel);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <TitledSection id="chat-channels-title" title={t('chat.title')} intro={t('chat.intro')}>
      {body}
      {query.data && <AddChannelForm customerId={customerId} full={query.data.length >= MAX_CHAT_CHANNELS} />}
      <Modal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={t('chat.removeTitle')}
      >
        <Stack gap="md">
          <Text>{t('chat.removeConfirm', { name: removing?.name ?? '' })}</Text>
          <SaveFailed error={remove.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(undefined)}>
              {t('form.cancel', { ns: 'global' })}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(removing.channel_id, {
                  onSuccess: () => {
                    toast({ title: t('chat.removed', { name: removing.name }) });
                    setRemoving(undefined);
                  },
                })
              }
            >
              {t('chat.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </TitledSection>
  );
}
