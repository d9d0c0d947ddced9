import { useTranslation } from 'react-i18next';
import classes from './home.module.css';

/**
 * The dashboard's place while its code and data load: the section heading and one panel-sized block
 * (plain elements, nothing loaded for it), so the page does not move when the panels arrive.
 */
export function DashboardPlaceholder() {
  const { t } = useTranslation('global');
  return (
    <section aria-labelledby="dashboard-panels" aria-busy="true" className={classes.placeholderSection}>
      <h2 id="dashboard-panels" className={classes.placeholderTitle}>
        {t('dashboard.title')}
      </h2>
      <div className={classes.placeholderGrid}>
        <div className={`${classes.panel} ${classes.placeholderPanel}`} role="status">
          <span className={classes.visuallyHidden}>{t('dashboard.loading')}</span>
        </div>
      </div>
    </section>
  );
}
