import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import classes from './page-progress.module.css';

/** A thin bar at the top while a navigation loads its page (SPEC.md §4: page loading start and end). */
export function PageProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading });
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (loading) {
      const timer = setTimeout(() => setVisible(true), 80);
      return () => clearTimeout(timer);
    }
    setVisible(false);
  }, [loading]);
  return (
    <div
      className={classes.bar}
      data-active={visible || undefined}
      role="presentation"
      data-testid="page-progress"
    />
  );
}
