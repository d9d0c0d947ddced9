import { Fragment, type ReactNode } from 'react';
import classes from './data-list.module.css';

/** A description list of label–value pairs: stacked on phones, two columns from 576 px. */
export function DataList({
  items,
  inline = false,
  fitContainer = false,
}: {
  items: { label: string; value: ReactNode; key?: string }[];
  /** Label and value on one line, for narrow places. */
  inline?: boolean;
  /**
   * Two columns only when the list itself has the room, whatever the screen width: for side panels.
   * Needs a block-level place (it measures its own width, so it cannot be sized by its content).
   */
  fitContainer?: boolean;
}) {
  const list = (
    <dl className={inline ? classes.inline : `${classes.list} ${fitContainer ? classes.contained : ''}`}>
      {items.map((item) => (
        <Fragment key={item.key ?? item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
  return fitContainer && !inline ? <div className={classes.container}>{list}</div> : list;
}
