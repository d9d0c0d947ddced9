import { Radio, type RadioGroupProps, Stack } from '@mantine/core';

/** Change an existing one or add one: the choice the description of the ticket will state. */
export function ChangeActionField({
  changeLabel,
  addLabel,
  ...groupProps
}: { changeLabel: string; addLabel: string } & Omit<RadioGroupProps, 'children'>) {
  return (
    <Radio.Group withAsterisk {...groupProps}>
      <Stack gap="xs" mt={6}>
        <Radio value="change" label={changeLabel} />
        <Radio value="add" label={addLabel} />
      </Stack>
    </Radio.Group>
  );
}
