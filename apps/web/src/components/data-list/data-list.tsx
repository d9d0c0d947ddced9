import { Fragment, type ReactNode } from 'react';
import classes from './data-list.module.css';

/** A description list of label–value pairs: stacked on phones, two columns from 576 px. */
export function DataList({
  items,
  inline = false,
}: {
  items: { label: string; value: ReactNode; key?: string }[];
  /** Label and value on one line, for narrow places. */
  inline?: boolean;
}) {
  return (
    <dl className={inline ? classes.inline : classes.list}>
      {items.map((item) => (
        <Fragment key={item.key ?? item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
