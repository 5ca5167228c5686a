import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectTheme, themeChanged, type ThemePreference } from '../settings/preferencesSlice';

const NEXT: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const ICONS = { system: SettingsBrightnessIcon, light: LightModeIcon, dark: DarkModeIcon };

/** Cycles the display mode system → light → dark → system. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const preference = useAppSelector(selectTheme);
  const Icon = ICONS[preference];
  const label = t(`theme.${preference}`);

  return (
    <Button
      color="inherit"
      startIcon={<Icon />}
      onClick={() => dispatch(themeChanged(NEXT[preference]))}
      aria-label={t('theme.toggle', { mode: label })}
      data-theme-preference={preference}
      sx={{ justifyContent: 'flex-start' }}
    >
      {t('theme.label')}: {label}
    </Button>
  );
}
