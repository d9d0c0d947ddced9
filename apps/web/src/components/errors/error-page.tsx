import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isbot } from 'isbot';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../lib/build-updates.ts';
import { errorContent } from './error-content.ts';
import classes from './error-page.module.css';
import { Robot } from './robot.tsx';

export interface ErrorPageProps {
  statusCode?: number;
  /** Replaces the standard text, e.g. 'Page not found: /x'. */
  message?: string;
  headingOrder?: 1 | 2 | 3 | 4 | 5 | 6;
  error?: unknown;
  /** More under the text, e.g. where else the user has access. */
  children?: ReactNode;
}

/** True for crawlers, link-preview fetchers and performance-audit tools (they get a log line only). */
export function isAutomatedVisitor(userAgent = navigator.userAgent): boolean {
  return isbot(userAgent) || /Chrome-Lighthouse|PageSpeed|HeadlessChrome\/.*Lighthouse/i.test(userAgent);
}

/** Accented heading text is wrapped in vertical bars: "Nope, |no| access". */
function Accented({ text }: { text: string }) {
  const parts = text.split('|');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Text key={index} span inherit className={classes.accent}>
            {part}
          </Text>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * A page whose code failed to load because the network is gone (build-updates.ts does not reload
 * then): it loads once the connection is back.
 */
function useReloadWhenOnline(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [active]);
}

export function ErrorPage({ statusCode, message, headingOrder = 1, error, children }: ErrorPageProps) {
  const { t } = useTranslation('global');
  const content = errorContent(statusCode);
  const automated = isAutomatedVisitor();
  const codeMissing = isChunkLoadError(error);
  useReloadWhenOnline(codeMissing);

  useEffect(() => {
    if (automated)
      console.info('error page suppressed for an automated visitor', { statusCode, message, error });
  }, [automated, statusCode, message, error]);

  if (automated) return null;
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Robot />
        <Title order={headingOrder}>
          <Accented text={t(content.titleKey)} />
        </Title>
        <Text size="lg" data-testid="error-text">
          {message ?? t(codeMissing ? 'errors.network' : content.textKey)}
        </Text>
        {children}
        <Button component={Link} to="/" size="md">
          {t('home')}
        </Button>
      </Stack>
    </Center>
  );
}
