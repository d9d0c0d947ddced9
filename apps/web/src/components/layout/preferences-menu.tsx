import '../../app/header-styles.ts';
import { ActionIcon, Menu, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuthState, useSession } from '../../app/session.ts';
import { type AppLanguage, currentLanguage, LANGUAGES } from '../../lib/i18n.ts';

/** Language (saved to the profile when signed in) and colour mode: system, light or dark. */
export function PreferencesMenu() {
  const { t, i18n } = useTranslation('global');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const session = useSession();
  const { authenticated } = useAuthState();
  const language = currentLanguage(i18n);

  const changeLanguage = async (next: AppLanguage) => {
    await i18n.changeLanguage(next);
    if (authenticated) {
      await session.api.PUT('/api/v2/me', { body: { language: next } }).catch(() => {});
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('header.preferences')}
          data-testid="preferences"
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            onClick={() => void changeLanguage(code)}
            aria-current={code === language ? 'true' : undefined}
            fw={code === language ? 700 : undefined}
            lang={code}
          >
            {t(`languages.${code}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('header.colourMode')}</Menu.Label>
        {(['auto', 'light', 'dark'] as const).map((mode) => (
          <Menu.Item
            key={mode}
            onClick={() => setColorScheme(mode)}
            aria-current={mode === colorScheme ? 'true' : undefined}
            fw={mode === colorScheme ? 700 : undefined}
            data-testid={`colour-mode-${mode}`}
          >
            {t(`colourMode.${mode === 'auto' ? 'system' : mode}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
