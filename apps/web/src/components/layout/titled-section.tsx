import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen section with a second-level heading and a short introduction, named by its heading. */
export function TitledSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <div>
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      </div>
      {children}
    </Stack>
  );
}
