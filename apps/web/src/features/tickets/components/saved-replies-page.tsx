import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SavedReply } from '@portaal/contracts';
import { type SavedReplyLanguage, savedReplyLanguages } from '@portaal/contracts/desk-rules';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { toast } from '../../../components/feedback/toast.tsx';
import { useErrorToast } from '../../../components/feedback/use-error-toast.ts';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { useLeaveGuard } from '../../../components/leave-guard/use-leave-guard.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { deskQueries } from '../api/desk-queries.ts';
import { useDeleteSavedReply } from '../api/use-delete-saved-reply.ts';
import { useSaveSavedReply } from '../api/use-save-saved-reply.ts';
import { useFormFeedback } from '../hooks/use-form-feedback.ts';
import { requiredChoice, requiredText } from '../utils/form-rules.ts';
import { BusyButton } from './busy-button.tsx';
import { Icon } from './icons.tsx';
import { FormFooter, LoadError, LoadingLines } from './page-states.tsx';
import classes from './tickets.module.css';

/** savedReplyInputSchema's limits, repeated so that the screen does not load zod. */
const LIMITS = { title: 120, body: 20_000 };
const FIELDS = ['language', 'title', 'body'] as const;
const languageNames: Record<SavedReplyLanguage, string> = { en: 'English', nl: 'Nederlands' };

type Editing = { kind: 'new' } | { kind: 'edit'; reply: SavedReply } | undefined;

/**
 * The service desk's saved replies (opened from the queue): the service desk's saved replies per language. Staff read them; staff editors
 * (global ticket-edit) write, change and remove them. The reply form of a ticket inserts them.
 */
export function SavedRepliesPage({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useTranslation('support');
  const session = useSession();
  const editor = session.can({ global: ['ticket-edit'] });
  const replies = useQuery(deskQueries.savedReplies(session.api));
  const own: SavedReplyLanguage = i18n.language.startsWith('nl') ? 'nl' : 'en';
  const [shown, setShown] = useState<'all' | SavedReplyLanguage>('all');
  const [editing, setEditing] = useState<Editing>();
  const [removing, setRemoving] = useState<SavedReply>();
  const languages = (own === 'nl' ? ['nl', 'en'] : ['en', 'nl']) as SavedReplyLanguage[];

  let body: ReactNode;
  if (replies.isPending) body = <LoadingLines lines={6} height={18} />;
  else if (replies.isError) {
    body = <LoadError error={replies.error} onRetry={() => void replies.refetch()} />;
  } else {
    body = languages
      .filter((language) => shown === 'all' || shown === language)
      .map((language) => {
        const items = replies.data.filter((reply) => reply.language === language);
        const id = `saved-replies-${language}`;
        return (
          <Stack key={language} gap="sm" component="section" aria-labelledby={id}>
            <Title order={2} size="h3" id={id} lang={language}>
              {languageNames[language]}
            </Title>
            {items.length === 0 ? (
              <Card withBorder padding="lg" radius="md" data-testid={`saved-replies-empty-${language}`}>
                <Text c="dimmed">{t('savedReplies.empty')}</Text>
              </Card>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {items.map((reply) => (
                  <li key={reply.saved_reply_id}>
                    {editing?.kind === 'edit' && editing.reply.saved_reply_id === reply.saved_reply_id ? (
                      <SavedReplyForm reply={reply} onDone={() => setEditing(undefined)} />
                    ) : (
                      <SavedReplyCard
                        reply={reply}
                        editor={editor}
                        onEdit={() => setEditing({ kind: 'edit', reply })}
                        onRemove={() => setRemoving(reply)}
                      />
                    )}
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        );
      });
  }

  return (
    <Stack gap="lg">
      <Anchor component="button" type="button" size="sm" onClick={onBack} className={classes.backLink}>
        <Icon name="back" size={14} />
        {t('savedReplies.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{t('savedReplies.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('savedReplies.intro')}
          </Text>
        </div>
        {editor && editing?.kind !== 'new' && (
          <Button onClick={() => setEditing({ kind: 'new' })}>{t('savedReplies.new')}</Button>
        )}
      </Group>
      <SegmentedControl
        aria-label={t('savedReplies.language')}
        value={shown}
        onChange={(value) => setShown(value as typeof shown)}
        data={[
          { value: 'all', label: t('savedReplies.allLanguages') },
          ...languages.map((language) => ({ value: language, label: languageNames[language] })),
        ]}
        w="fit-content"
      />
      {editing?.kind === 'new' && (
        <SavedReplyForm language={shown === 'all' ? own : shown} onDone={() => setEditing(undefined)} />
      )}
      <Stack gap="xl" aria-busy={replies.isFetching}>
        {body}
      </Stack>
      <DeleteConfirmation reply={removing} onClose={() => setRemoving(undefined)} />
    </Stack>
  );
}

function SavedReplyCard({
  reply,
  editor,
  onEdit,
  onRemove,
}: {
  reply: SavedReply;
  editor: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('support');
  const titleId = `saved-reply-${reply.saved_reply_id}`;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      data-testid={titleId}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h5" id={titleId} data-user-content lang={reply.language}>
            {reply.title}
          </Title>
          <Text size="xs" c="dimmed">
            {t('savedReplies.updated', { time: formatDateTime(reply.updated_at) })}
          </Text>
        </Group>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap' }}
          lineClamp={4}
          data-user-content
          lang={reply.language}
        >
          {reply.body}
        </Text>
        {editor && (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={onEdit}
              aria-label={t('savedReplies.editNamed', { title: reply.title })}
            >
              {t('savedReplies.edit')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={onRemove}
              aria-label={t('savedReplies.deleteNamed', { title: reply.title })}
            >
              {t('savedReplies.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function SavedReplyForm({
  reply,
  language,
  onDone,
}: {
  reply?: SavedReply;
  language?: SavedReplyLanguage;
  onDone: () => void;
}) {
  const { t } = useTranslation('support');
  const save = useSaveSavedReply();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      language: (reply?.language ?? language ?? 'en') as string | null,
      title: reply?.title ?? '',
      body: reply?.body ?? '',
    },
    validate: {
      language: requiredChoice(t),
      title: requiredText(t, LIMITS.title),
      body: requiredText(t, LIMITS.body),
    },
  });
  const feedback = useFormFeedback(form, FIELDS, t);
  const guard = useLeaveGuard(form.isDirty());
  const headingId = reply ? `saved-reply-form-${reply.saved_reply_id}` : 'saved-reply-form-new';

  const submit = form.onSubmit(
    (values) => {
      feedback.reset();
      save.mutate(
        {
          id: reply?.saved_reply_id,
          input: {
            language: values.language as SavedReplyLanguage,
            title: values.title.trim(),
            body: values.body.trim(),
          },
        },
        {
          onSuccess: (saved) => {
            guard.release();
            toast({
              title: t(reply ? 'savedReplies.saved' : 'savedReplies.created', { title: saved.title }),
            });
            onDone();
          },
          onError: (error) => feedback.onServerError(error),
        },
      );
    },
    (errors) => feedback.onInvalid(errors),
  );

  return (
    <Card withBorder padding="lg" radius="md" data-testid="saved-reply-form">
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <Stack gap="md">
          {guard.prompt}
          <Title order={2} size="h4" id={headingId}>
            {reply ? t('savedReplies.editTitle', { title: reply.title }) : t('savedReplies.newTitle')}
          </Title>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Select
              label={t('savedReplies.language')}
              data={savedReplyLanguages.map((value) => ({ value, label: languageNames[value] }))}
              allowDeselect={false}
              withAsterisk
              w={180}
              {...form.getInputProps('language')}
            />
            <TextInput
              label={t('savedReplies.titleField')}
              withAsterisk
              maxLength={LIMITS.title}
              style={{ flex: 1, minWidth: 220 }}
              {...form.getInputProps('title')}
            />
          </Group>
          <GrowingTextarea
            label={t('savedReplies.body')}
            description={t('savedReplies.bodyHint')}
            withAsterisk
            minRows={4}
            maxRows={14}
            maxLength={LIMITS.body}
            {...form.getInputProps('body')}
          />
          <Group gap="sm">
            <FormFooter feedback={feedback} pending={save.isPending}>
              {t('savedReplies.save')}
            </FormFooter>
            <Button variant="default" onClick={onDone}>
              {t('savedReplies.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function DeleteConfirmation({ reply, onClose }: { reply: SavedReply | undefined; onClose: () => void }) {
  const { t } = useTranslation('support');
  const errorToast = useErrorToast();
  const remove = useDeleteSavedReply();
  return (
    <Modal
      opened={reply !== undefined}
      onClose={onClose}
      title={t('savedReplies.deleteTitle', { title: reply?.title ?? '' })}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('savedReplies.deleteText')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('savedReplies.cancel')}
          </Button>
          <BusyButton
            color="red"
            busy={remove.isPending}
            onClick={() => {
              if (!reply) return;
              remove.mutate(reply.saved_reply_id, {
                onSuccess: () => {
                  toast({ title: t('savedReplies.deleted', { title: reply.title }) });
                  onClose();
                },
                onError: (error) => errorToast(t('savedReplies.failed'), error),
              });
            }}
          >
            {t('savedReplies.deleteConfirm')}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
