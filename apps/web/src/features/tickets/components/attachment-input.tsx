import { ActionIcon, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import {
  type AttachmentRefusal,
  type AttachmentRules,
  attachmentRefusals,
} from '@portaal/contracts/ticket-rules';
import type { TFunction } from 'i18next';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../utils/file-size.ts';
import { Icon } from './icons.tsx';
import classes from './tickets.module.css';

export interface AttachmentLimits {
  extensions: readonly string[];
  max_files: number;
  max_total_bytes: number;
}

export const toRules = (limits: AttachmentLimits): AttachmentRules => ({
  extensions: limits.extensions,
  maxFiles: limits.max_files,
  maxTotalBytes: limits.max_total_bytes,
});

/** A client-side refusal of SPEC.md §5's file rules as text naming its file; the server checks again. */
export function refusalText(
  refusal: AttachmentRefusal,
  limits: AttachmentLimits,
  t: TFunction,
  language: string,
): string {
  switch (refusal.code) {
    case 'ATTACHMENT_TOO_MANY':
      return t('attachments.tooMany', { ns: 'support', file: refusal.file, max: refusal.max });
    case 'ATTACHMENT_TYPE_NOT_ALLOWED':
      return t('attachments.typeNotAllowed', {
        ns: 'support',
        file: refusal.file,
        extensions: limits.extensions.join(', '),
      });
    case 'ATTACHMENT_TOO_LARGE':
      return t('attachments.tooLarge', {
        ns: 'support',
        file: refusal.file,
        size: formatFileSize(refusal.maxBytes, language),
      });
    case 'ATTACHMENT_EMPTY':
      return t('attachments.empty', { ns: 'support', file: refusal.file });
  }
}

/** Every refused file of a list under the given limits, each with its reason; empty when it may be sent. */
export function checkFiles(
  files: readonly File[],
  limits: AttachmentLimits,
  t: TFunction,
  language: string,
): string[] {
  return attachmentRefusals(files, toRules(limits)).map((refusal) =>
    refusalText(refusal, limits, t, language),
  );
}

/**
 * Files to send with a ticket or reply: a button opens the file chooser (the dropzone package is not
 * part of the app), the chosen files are listed with their size and a remove button.
 */
export function AttachmentInput({
  files,
  onChange,
  limits,
  errors = [],
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  limits: AttachmentLimits;
  /** What is wrong with the files: one text per refused file (or one for the whole list). */
  errors?: readonly string[];
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('support');
  const language = i18n.language;
  const id = useId();
  const labelId = `${id}-label`;
  const resetRef = useRef<() => void>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const accept = limits.extensions.map((extension) => `.${extension}`).join(',');

  const add = (picked: File[]) => {
    // The same file may be picked again after removing it: the input forgets its value.
    resetRef.current?.();
    const known = new Set(files.map((file) => `${file.name}|${file.size}|${file.lastModified}`));
    onChange([
      ...files,
      ...picked.filter((file) => !known.has(`${file.name}|${file.size}|${file.lastModified}`)),
    ]);
  };

  const remove = (index: number) => {
    onChange(files.filter((_, position) => position !== index));
    // The remove button is gone; keep keyboard users in the file list.
    addButton.current?.focus();
  };

  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} component="div">
        {t('attachments.label')}
      </Input.Label>
      <Input.Description id={hintId}>
        {t('attachments.hint', {
          max: limits.max_files,
          size: formatFileSize(limits.max_total_bytes, language),
          extensions: limits.extensions.join(', '),
        })}
      </Input.Description>
      {files.length > 0 && (
        <ul className={classes.files} aria-label={t('attachments.chosen')}>
          {files.map((file, index) => (
            <li key={`${file.name}|${file.size}|${file.lastModified}`} className={classes.file}>
              <Icon name="file" />
              <Text size="sm" className={classes.fileName}>
                {file.name}
              </Text>
              <Text size="sm" c="dimmed" className={classes.nowrap}>
                {formatFileSize(file.size, language)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={t('attachments.remove', { name: file.name })}
              >
                <Icon name="close" />
              </ActionIcon>
            </li>
          ))}
        </ul>
      )}
      <Group gap="sm" mt={4}>
        <FileButton
          onChange={add}
          multiple
          accept={accept}
          resetRef={resetRef}
          disabled={disabled}
          inputProps={{ 'aria-label': t('attachments.add'), 'data-testid': 'attachment-input' } as object}
        >
          {(props) => (
            <Button
              {...props}
              ref={addButton}
              data-attachments-button
              variant="default"
              leftSection={<Icon name="paperclip" />}
              disabled={disabled}
              aria-describedby={errors.length > 0 ? `${hintId} ${errorId}` : hintId}
            >
              {t('attachments.add')}
            </Button>
          )}
        </FileButton>
      </Group>
      {errors.length === 1 && <Input.Error id={errorId}>{errors[0]}</Input.Error>}
      {errors.length > 1 && (
        // Every refused file with its reason, not only the first: the user can mend them all at once.
        <Input.Error id={errorId} component="div">
          <ul className={classes.refusals}>
            {errors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Input.Error>
      )}
    </Stack>
  );
}
