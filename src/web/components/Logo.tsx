import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import logoDark from '../assets/logo-dark.svg';
import logoLight from '../assets/logo-light.svg';

interface LogoProps {
  height?: number;
}

/** The wordmark in the variant that matches the resolved (light or dark) theme. */
export function Logo({ height = 40 }: LogoProps) {
  const theme = useTheme();
  const { t } = useTranslation();
  const dark = theme.palette.mode === 'dark';
  return (
    <Box
      component="img"
      src={dark ? logoDark : logoLight}
      alt={t('app.logoAlt')}
      data-variant={dark ? 'dark' : 'light'}
      sx={{ height, width: 'auto', display: 'block' }}
    />
  );
}
