// Only the screens with a date field load Mantine's date styles and dayjs' Dutch texts: this module is
// imported by lazily loaded routes alone, so both stay out of the start. The dates' rules share the
// `mantine` layer with the whole stylesheet and must come after it (a selected day's colour loses to
// UnstyledButton's transparent background otherwise): importing it first puts its file before this
// module's in the chunk's stylesheets, whichever of the two the route asks for first.
import '../../app/mantine-full-styles.ts';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/nl';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { type FocusEvent, type InputEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppLanguage, currentLanguage } from '../../lib/i18n.ts';
import { StrokeIcon } from '../icon/stroke-icon.tsx';
import classes from './date-field.module.css';
import { hasDayShape, isDay, parseTypedDay } from './parse-day.ts';

/** A calendar; the field's label carries the meaning. */
const CALENDAR_ICON = ['M4 6h16v14H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4'];

/**
 * How a day is written in each language: SPEC.md §9's DD-MM-YYYY, as formatDate (lib/format.ts) shows
 * dates everywhere else. dayjs' 'en' and 'nl' give the month and weekday names; 'en' has the British
 * names, and the week starts on Monday below (en-GB's and nl-NL's week).
 */
const DATE_FORMATS: Record<AppLanguage, string> = { en: 'DD-MM-YYYY', nl: 'DD-MM-YYYY' };

export interface DateFieldProps
  extends Omit<
    DateInputProps,
    'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'
  > {
  /** The day as YYYY-MM-DD, '' for none, or the text of a day that is none (see onChange). */
  value: string;
  /**
   * Called with YYYY-MM-DD, or '' when the field is emptied. Text that is no day (31-02-2026, an
   * unfinished year) is handed on as typed when the field is left, so that a form refuses it rather
   * than taking the field for empty; a filter hands on only days (`isDay`).
   */
  onChange: (value: string) => void;
}

/**
 * A date field in the page's language, whatever the browser's: a native `<input type="date">` shows
 * the browser's format and calendar (mm/dd/yyyy in an English browser on a Dutch page). A day is
 * typed as DD-MM-YYYY or chosen in the calendar, which shows the page language's month and day names.
 *
 * A day outside minDate/maxDate is greyed out in the calendar; typed, it is still handed on when the
 * field is left, as a native field did, so that the form can say what is wrong with it rather than
 * the field quietly putting back the day before. Text that is no day stays in the field when it is
 * left, which then says how a date is written, or that the day does not exist when it is written
 * right (Mantine's DateInput would empty it, and a required field say only that it is required).
 */
export function DateField({
  value,
  onChange,
  onBlur,
  onInput,
  placeholder,
  label,
  error,
  ...props
}: DateFieldProps) {
  const { t, i18n } = useTranslation('global');
  const language = currentLanguage(i18n);
  // The field's text as typed (undefined once a day is chosen), and whether it was left as no day.
  const [typed, setTyped] = useState<string>();
  const [leftWrong, setLeftWrong] = useState(false);
  // The day the calendar holds: while the value is the text of no day, the last day stays, as a
  // change to none would make DateInput empty the text.
  const [day, setDay] = useState<string | null>(isDay(value) ? value : null);
  if (value === '' && day !== null) setDay(null);
  else if (isDay(value) && day !== value) setDay(value);
  // A day or none set from outside (a form's reset) takes the complaint away.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value === '' || isDay(value)) setLeftWrong(false);
  }

  const typedIsWrong = typed !== undefined && typed.trim() !== '' && parseTypedDay(typed) === undefined;
  const wrong = leftWrong || (value !== '' && !isDay(value));
  // Text written as a day that the calendar does not have (31-02-2026) is told so; other text gets
  // the format.
  const wrongText = leftWrong ? (typed ?? value) : value;
  const wrongMessage = hasDayShape(wrongText) ? t('dateField.noSuchDate') : t('dateField.invalid');

  const handleInput = (event: InputEvent<HTMLInputElement>) => {
    setTyped(event.currentTarget.value);
    onInput?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value.trim();
    const parsed = text === '' ? '' : (parseTypedDay(text) ?? text);
    setLeftWrong(parsed !== '' && !isDay(parsed));
    if (parsed !== value) onChange(parsed);
    onBlur?.(event);
  };

  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <DateInput
        {...props}
        label={label}
        // Mantine's clear button has no name of its own; two on a row need different ones.
        clearButtonProps={{
          'aria-label': t('dateField.clear', { label: typeof label === 'string' ? label : '' }),
        }}
        value={day}
        onChange={(chosen) => {
          setTyped(undefined);
          setLeftWrong(false);
          onChange(chosen ?? '');
        }}
        onInput={handleInput}
        onBlur={handleBlur}
        fixOnBlur={!typedIsWrong}
        error={wrong ? wrongMessage : error}
        valueFormat={DATE_FORMATS[language]}
        dateParser={(text) => parseTypedDay(text) ?? null}
        placeholder={placeholder ?? t('dateField.placeholder')}
        leftSection={<StrokeIcon paths={CALENDAR_ICON} />}
        leftSectionPointerEvents="none"
        classNames={{ day: classes.day }}
        ariaLabels={{
          previousMonth: t('dateField.previousMonth'),
          nextMonth: t('dateField.nextMonth'),
          previousYear: t('dateField.previousYear'),
          nextYear: t('dateField.nextYear'),
          previousDecade: t('dateField.previousDecade'),
          nextDecade: t('dateField.nextDecade'),
        }}
      />
    </DatesProvider>
  );
}
