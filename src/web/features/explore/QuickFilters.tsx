import AttachFileIcon from '@mui/icons-material/AttachFile';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DateRangeIcon from '@mui/icons-material/DateRange';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import ScheduleIcon from '@mui/icons-material/Schedule';
import TodayIcon from '@mui/icons-material/Today';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage, type AppLanguage } from '../../state/preferencesSlice';
import { ChipRow } from './ChipRow';
import { CustomRangePanel } from './CustomRangePanel';
import { DEFAULT_SORT, sortOptionsFor, type DateRange, type ExploreFilters } from './exploreQuery';
import { ToggleChip } from './ToggleChip';
import type { FilterChange } from './useExploreFilters';

interface QuickFiltersProps {
  filters: ExploreFilters;
  update(change: FilterChange): void;
}

const NO_DATES = { dateRange: undefined, startDate: undefined, endDate: undefined } as const;

/** A day `YYYY-MM-DD` in the reader's language (read as a local day, not UTC midnight). */
const day = (date: string, language: AppLanguage) => formatLongDate(`${date}T00:00:00`, language);

/**
 * Latest, most viewed and (with a search) most relevant: the order; today, this week and this
 * month (toggles), a custom range, and with attachments (spec §2).
 */
export function QuickFilters({ filters, update }: QuickFiltersProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const panelId = useId();
  const [rangeOpen, setRangeOpen] = useState(false);
  const sortBy = filters.sortBy ?? DEFAULT_SORT;
  const custom = filters.dateRange === 'custom';

  const rangeChip = (range: Exclude<DateRange, 'custom'>, label: string, icon: ReactElement) => (
    <ToggleChip
      label={label}
      icon={icon}
      pressed={filters.dateRange === range}
      onClick={() => update((current) => (current.dateRange === range ? NO_DATES : { ...NO_DATES, dateRange: range }))}
    />
  );

  const { startDate, endDate } = filters;
  const customLabel = !custom
    ? t('explore.customRange')
    : startDate && endDate
      ? t('explore.rangeBetween', { from: day(startDate, language), to: day(endDate, language) })
      : startDate
        ? t('explore.rangeFrom', { from: day(startDate, language) })
        : t('explore.rangeUntil', { to: day(endDate!, language) });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <ChipRow label={t('explore.quickFilters')}>
        {/* The order is one of these: pressing 'most viewed' (or 'most relevant') again goes back to the newest first. */}
        <ToggleChip label={t('explore.latest')} icon={<ScheduleIcon />} pressed={sortBy === 'newest'} onClick={() => update({ sortBy: undefined })} />
        <ToggleChip
          label={t('explore.mostViewed')}
          icon={<TrendingUpIcon />}
          pressed={sortBy === 'most_viewed'}
          onClick={() => update((current) => ({ sortBy: current.sortBy === 'most_viewed' ? undefined : 'most_viewed' }))}
        />
        {/* The server ranks a search's results: offered only while there is one (exploreQuery's sortOptionsFor). */}
        {sortOptionsFor(filters).includes('relevance') && (
          <ToggleChip
            label={t('explore.sort.relevance')}
            icon={<ManageSearchIcon />}
            pressed={sortBy === 'relevance'}
            onClick={() => update((current) => ({ sortBy: current.sortBy === 'relevance' ? undefined : 'relevance' }))}
          />
        )}
        {rangeChip('today', t('explore.today'), <TodayIcon />)}
        {rangeChip('week', t('explore.thisWeek'), <DateRangeIcon />)}
        {rangeChip('month', t('explore.thisMonth'), <CalendarMonthIcon />)}
        {/* Opens the from/to panel (a disclosure, not a toggle); once applied it shows the days and can be removed. */}
        <Chip
          label={customLabel}
          icon={<EditCalendarIcon />}
          clickable
          color={custom ? 'primary' : 'default'}
          variant={custom ? 'filled' : 'outlined'}
          aria-expanded={rangeOpen}
          aria-controls={rangeOpen ? panelId : undefined}
          onClick={() => setRangeOpen((open) => !open)}
          onDelete={custom ? () => update(NO_DATES) : undefined}
        />
        <ToggleChip
          label={t('explore.withAttachments')}
          icon={<AttachFileIcon />}
          pressed={Boolean(filters.hasAttachments)}
          onClick={() => update((current) => ({ hasAttachments: current.hasAttachments ? undefined : true }))}
        />
      </ChipRow>
      {rangeOpen ? (
        <CustomRangePanel
          id={panelId}
          startDate={filters.startDate}
          endDate={filters.endDate}
          onCancel={() => setRangeOpen(false)}
          onApply={(range) => {
            update({ ...NO_DATES, dateRange: 'custom', ...range });
            setRangeOpen(false);
          }}
        />
      ) : null}
    </Box>
  );
}
