import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './growing-textarea.module.css';

/** Whether the browser sizes a text field to its content itself (Chromium 123+, Safari 26+). */
const browserGrows = typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content') === true;

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows'> & {
  minRows: number;
  maxRows?: number;
};

/**
 * A text field that grows with its text from `minRows` to `maxRows` lines. Where the browser can, it
 * sizes the field itself (CSS field-sizing); elsewhere Mantine's autosize measures it. That
 * measurement makes the browser lay out the whole page inside the render that mounts the field: on
 * the ticket page, whose reply field is there from the start, 128 ms of a phone's time.
 */
export function GrowingTextarea({ minRows, maxRows, style, ...props }: GrowingTextareaProps) {
  if (!browserGrows)
    return <Textarea {...props} style={style} autosize minRows={minRows} maxRows={maxRows} />;
  const rows = { '--grow-min-rows': minRows, '--grow-max-rows': maxRows } as CSSProperties;
  return (
    <Textarea
      {...props}
      rows={minRows}
      style={[rows, style]}
      classNames={{ input: classes.grow }}
      data-max-rows={maxRows === undefined ? undefined : true}
    />
  );
}
