import { VisuallyHidden } from '@mantine/core';
import type { RackUnit } from '@portaal/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './landscape.module.css';

/**
 * A rack drawn as its elevation: unit numbers down the side (the top unit first, as racks are
 * numbered from the bottom), each device a link spanning its units. A CSS grid with one row per unit,
 * so screen readers get a list of links "name, units 35–36" in order from the top.
 */
export function RackElevation({
  heightU,
  units,
  name,
}: {
  heightU: number;
  units: RackUnit[];
  name: string;
}) {
  const { t } = useTranslation('default');
  const rowOf = (unit: number) => heightU - unit + 1;
  const occupied = new Set(
    units.flatMap((unit) => Array.from({ length: unit.height_u }, (_, i) => unit.position_u + i)),
  );
  const sorted = [...units].sort((a, b) => b.position_u - a.position_u);
  return (
    <figure style={{ margin: 0 }}>
      <figcaption>
        <VisuallyHidden>{t('landscape.rack.caption', { name, count: heightU })}</VisuallyHidden>
      </figcaption>
      <div
        className={classes.rack}
        style={{ gridTemplateRows: `repeat(${heightU}, minmax(1.5rem, auto))` }}
        data-testid="rack-elevation"
      >
        {Array.from({ length: heightU }, (_, index) => {
          const unit = heightU - index;
          return (
            <div
              key={`u${unit}`}
              className={classes.unitNumber}
              style={{ gridRow: index + 1 }}
              aria-hidden="true"
            >
              {unit}
            </div>
          );
        })}
        {Array.from({ length: heightU }, (_, index) => heightU - index)
          .filter((unit) => !occupied.has(unit))
          .map((unit) => (
            <div
              key={`slot${unit}`}
              className={classes.slot}
              style={{ gridRow: rowOf(unit) }}
              aria-hidden="true"
            />
          ))}
        <ul style={{ display: 'contents', listStyle: 'none' }} aria-label={t('landscape.rack.devices')}>
          {sorted.map((device) => {
            const top = device.position_u + device.height_u - 1;
            const range =
              device.height_u > 1
                ? t('landscape.unitRange', { from: device.position_u, to: top })
                : t('landscape.unit', { unit: device.position_u });
            return (
              <li key={device.id} style={{ display: 'contents' }}>
                <Link
                  to="/servers/system-landscape/$"
                  params={{ _splat: device.id }}
                  className={classes.device}
                  data-role={device.role}
                  data-status={device.status}
                  style={{ gridRow: `${rowOf(top)} / span ${device.height_u}` }}
                  aria-label={`${device.name}, ${range}${device.status === 'active' ? '' : `, ${t(`landscape.status.${device.status}`)}`}`}
                >
                  <span>{device.name}</span>
                  <span aria-hidden="true" style={{ opacity: 0.75 }}>
                    {t(`landscape.roles.${device.role}`)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </figure>
  );
}
