import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §2: the year list goes back this many years from the current one. */
export const BIRTH_YEARS_BACK = 100;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

export interface BirthDate {
  /** 1–12, or null while not chosen. */
  month: number | null;
  day: number | null;
  year: number | null;
}

/** The years offered: this year back BIRTH_YEARS_BACK years, newest first. */
export function birthYears(now = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: BIRTH_YEARS_BACK + 1 }, (_, i) => current - i);
}

/**
 * A date of birth as month (by name), day (1–31) and year (this year back 100), with the note
 * that the age is not shown publicly (spec §2). The sign-up page does not use it, as the spec says.
 */
export function BirthDatePicker({ value, onChange, now }: { value: BirthDate; onChange(next: BirthDate): void; now?: Date }) {
  const { t } = useTranslation();
  const hintId = useId();
  const select = (name: keyof BirthDate, label: string, options: Array<{ value: number; label: string }>) => (
    <TextField
      select
      label={label}
      value={value[name] ?? ''}
      onChange={(event) => onChange({ ...value, [name]: event.target.value === '' ? null : Number(event.target.value) })}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': hintId } }}
      fullWidth
    >
      <option value="" />
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('auth.birthDate.label')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '2fr 1fr 1.4fr' }}>
        {select('month', t('auth.birthDate.month'), MONTHS.map((m, i) => ({ value: i + 1, label: t(`auth.birthDate.months.${m}`) })))}
        {select('day', t('auth.birthDate.day'), DAYS.map((d) => ({ value: d, label: String(d) })))}
        {select('year', t('auth.birthDate.year'), birthYears(now).map((y) => ({ value: y, label: String(y) })))}
      </Box>
      <FormHelperText id={hintId}>{t('auth.birthDate.hint')}</FormHelperText>
    </Box>
  );
}
