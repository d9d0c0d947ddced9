import { Text, Title } from '@mantine/core';
import { STATIC_PAGE_HEADINGS, type StaticPagePath } from '@portaal/contracts/page-headings';
import { useTranslation } from 'react-i18next';

/**
 * A page's fixed heading and introduction: the texts and the place that index.html's first screen
 * showed for this address before any script ran (the API writes them in from the same keys), so the
 * page takes over without a visible change.
 */
export function StaticPageHeading({ path }: { path: StaticPagePath }) {
  const { t } = useTranslation();
  const { ns, title, intro } = STATIC_PAGE_HEADINGS[path];
  return (
    <div>
      <Title order={1}>{t(title, { ns })}</Title>
      <Text c="dimmed" mt={4}>
        {t(intro, { ns })}
      </Text>
    </div>
  );
}
