import { useTranslation } from 'react-i18next';
import classes from './home.module.css';

/**
 * The dashboard's place while its code and data load: the section heading and a panel-sized block per
 * panel the user may read (plain elements, nothing loaded for it), so the page does not move when the
 * panels arrive.
 */
export function DashboardPlaceholder({ panels }: { panels: number }) {
  const { t } = useTranslation('global');
  return (
    <section aria-labelledby="dashboard-panels" aria-busy="true" className={classes.placeholderSection}>
      <h2 id="dashboard-panels" className={classes.placeholderTitle}>
        {t('dashboard.title')}
      </h2>
      <div className={classes.placeholderGrid}>
        {Array.from({ length: panels }, (_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            key={index}
            className={`${classes.panel} ${classes.placeholderPanel}`}
            role={index === 0 ? 'status' : undefined}
          >
            {index === 0 && <span className={classes.visuallyHidden}>{t('dashboard.loading')}</span>}
          </div>
        ))}
      </div>
    </section>
  );
}
