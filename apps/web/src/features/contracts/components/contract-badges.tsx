import { Badge, Text } from '@mantine/core';
import type { ContractStatus } from '@portaal/contracts/administration-rules';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

const colors: Record<ContractStatus, string> = {
  active: 'green',
  future: 'blue',
  suspended: 'orange',
  ended: 'gray',
  cancelled: 'gray',
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation('default');
  return (
    <Badge color={colors[status]} variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {t(`administration.contractStatus.${status}`)}
    </Badge>
  );
}

/** The renewal date with the days to go (SPEC.md §9: from today). */
export function Renewal({ date, days }: { date: string | null; days: number | null }) {
  const { t } = useTranslation('default');
  if (date === null || days === null) return <>–</>;
  return (
    <>
      {formatDate(date)}{' '}
      <Text span size="sm" c={days >= 0 && days <= 30 ? 'var(--mantine-color-orange-text)' : 'dimmed'}>
        ({days >= 0 ? t('administration.renewalIn', { count: days }) : t('administration.renewalPassed')})
      </Text>
    </>
  );
}
