import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Icon } from './icons.tsx';
import classes from './tickets.module.css';

/** The small "back to the list" link above a support screen, with a touch target of at least 24 px (44 on phones). */
export function BackLink({ label }: { label: string }) {
  return (
    <Anchor component={Link} to="/support" size="sm" className={classes.backLink}>
      <Icon name="back" size={14} />
      {label}
    </Anchor>
  );
}
