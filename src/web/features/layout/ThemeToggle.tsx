import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Isolated, VALUE } from '../../components/Isolated';
import { selectTheme, themeChanged, type ThemePreference } from '../../state/preferencesSlice';

const NEXT: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const ICONS = { system: SettingsBrightnessIcon, light: LightModeIcon, dark: DarkModeIcon };

/**
 * Cycles the display mode system → light → dark → system. Its name is what it shows
 * ('Display mode: Dark'); it spans the row, as the other entries of the menu do.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const preference = useAppSelector(selectTheme);
  const Icon = ICONS[preference];

  return (
    <Button
      fullWidth
      color="inherit"
      startIcon={<Icon />}
      onClick={() => dispatch(themeChanged(NEXT[preference]))}
      data-theme-preference={preference}
      sx={{ justifyContent: 'flex-start' }}
    >
      <Isolated text={t('theme.toggle', { mode: VALUE })} value={t(`theme.${preference}`)} />
    </Button>
  );
}
