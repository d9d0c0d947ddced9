import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './money-list.module.css';

/**
 * A table's row as a card on phones (a list item of a `classes.cards` list): its name and its figure
 * on the first line, the rest of its columns in the dimmed lines below.
 */
export function RowCard({
  title,
  figure,
  children,
}: {
  title: ReactNode;
  figure: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="li" withBorder padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={500}>
            {title}
          </Text>
          <Text size="sm" fw={500} className={classes.amount}>
            {figure}
          </Text>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
