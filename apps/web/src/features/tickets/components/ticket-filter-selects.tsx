import { MultiSelect } from '@mantine/core';
import {
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
} from '@portaal/contracts/ticket-rules';
import { useTranslation } from 'react-i18next';
import type { TicketFilters } from '../utils/search-params.ts';

/** The ticket list's status, priority and request-type filters (loaded apart: ticket-filters.tsx). */
export function TicketFilterSelects({
  filters,
  onChange,
}: {
  filters: TicketFilters;
  onChange: (filters: TicketFilters) => void;
}) {
  const { t } = useTranslation('support');
  return (
    <>
      <MultiSelect
        label={t('fields.status')}
        placeholder={
          filters.status.length === 0 ? (filters.closed ? t('list.all') : t('list.openOnly')) : undefined
        }
        data={ticketStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={filters.status}
        onChange={(values) => onChange({ ...filters, status: values as TicketStatus[] })}
        clearable
        clearButtonProps={{ 'aria-label': t('list.clearField', { field: t('fields.status') }) }}
      />
      <MultiSelect
        label={t('fields.priority')}
        placeholder={filters.priority.length === 0 ? t('list.all') : undefined}
        data={ticketPriorities.map((priority) => ({
          value: String(priority),
          label: t(`priority.${priority}`),
        }))}
        value={filters.priority.map(String)}
        onChange={(values) => onChange({ ...filters, priority: values.map(Number) as TicketPriority[] })}
        clearable
        clearButtonProps={{ 'aria-label': t('list.clearField', { field: t('fields.priority') }) }}
      />
      <MultiSelect
        label={t('fields.category')}
        placeholder={filters.category.length === 0 ? t('list.all') : undefined}
        data={ticketCategories.map((category) => ({
          value: category,
          label: t(`category.${category}`),
        }))}
        value={filters.category}
        onChange={(values) => onChange({ ...filters, category: values as TicketCategory[] })}
        clearable
        clearButtonProps={{ 'aria-label': t('list.clearField', { field: t('fields.category') }) }}
      />
    </>
  );
}
