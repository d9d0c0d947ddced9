import { Text } from '@mantine/core';
import classes from './brand.module.css';

/** The brand name in the header of every layout. */
export function Brand({ name }: { name: string }) {
  return (
    <Text fw={800} size="lg" className={classes.brand}>
      {name}
    </Text>
  );
}
