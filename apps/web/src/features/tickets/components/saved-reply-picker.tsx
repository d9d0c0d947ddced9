import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { deskQueries } from '../api/desk-queries.ts';

const languageNames = { en: 'English', nl: 'Nederlands' } as const;

/**
 * The service desk's saved replies, grouped by language (the reader's language first); picking one
 * inserts its text into the reply, where it can still be edited.
 */
export function SavedReplyPicker({ onPick }: { onPick: (text: string) => void }) {
  const { t, i18n } = useTranslation('support');
  const { api } = useSession();
  const replies = useQuery(deskQueries.savedReplies(api));
  const own = i18n.language.startsWith('nl') ? 'nl' : 'en';
  const languages = own === 'nl' ? (['nl', 'en'] as const) : (['en', 'nl'] as const);
  const data = languages
    .map((language) => ({
      group: languageNames[language],
      items: (replies.data ?? [])
        .filter((reply) => reply.language === language)
        .map((reply) => ({ value: String(reply.saved_reply_id), label: reply.title })),
    }))
    .filter((group) => group.items.length > 0);
  return (
    <Select
      label={t('reply.savedReplies.label')}
      placeholder={t('reply.savedReplies.placeholder')}
      nothingFoundMessage={t('reply.savedReplies.none')}
      data={data}
      value={null}
      searchable
      maw={360}
      disabled={replies.isError}
      onChange={(value) => {
        const reply = replies.data?.find((item) => String(item.saved_reply_id) === value);
        if (reply) onPick(reply.body);
      }}
      data-testid="saved-reply-picker"
    />
  );
}
