import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface CustomRangePanelProps {
  id: string;
  startDate: string | undefined;
  endDate: string | undefined;
  /** Called with at least one of the two days (`YYYY-MM-DD`). */
  onApply(range: { startDate?: string; endDate?: string }): void;
  onCancel(): void;
}

interface DayFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  min?: string;
  max?: string;
  autoFocus?: boolean;
}

function DayField({ id, label, value, onChange, min, max, autoFocus }: DayFieldProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, flex: '1 1 160px' }}>
      <Typography component="label" htmlFor={id} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <OutlinedInput
        id={id}
        size="small"
        type="date"
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ min: min || undefined, max: max || undefined }}
      />
    </Box>
  );
}

/** From and to days of a custom range; apply needs at least one of them (spec §5). */
export function CustomRangePanel({ id, startDate, endDate, onApply, onCancel }: CustomRangePanelProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(startDate ?? '');
  const [to, setTo] = useState(endDate ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from || to) onApply({ startDate: from || undefined, endDate: to || undefined });
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };

  return (
    // A named group holding the form (a <form> may not take the group role itself).
    <Paper id={id} variant="outlined" role="group" aria-label={t('explore.customRange')} sx={{ p: 2, borderRadius: 3 }}>
      <Box component="form" onSubmit={submit} onKeyDown={escape} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 2 }}>
        {/* Each end bounds the other, so the picker offers no range that ends before it starts. */}
        <DayField id={`${id}-from`} label={t('explore.fromDate')} value={from} onChange={setFrom} max={to} autoFocus />
        <DayField id={`${id}-to`} label={t('explore.toDate')} value={to} onChange={setTo} min={from} />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={!from && !to}>
            {t('explore.applyRange')}
          </Button>
          <Button onClick={onCancel}>{t('explore.cancelRange')}</Button>
        </Box>
      </Box>
    </Paper>
  );
}
