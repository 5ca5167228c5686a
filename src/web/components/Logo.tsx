import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import logoDark from '../assets/logo-dark.svg';
import logoLight from '../assets/logo-light.svg';

interface LogoProps {
  /** Height of the mark in px; the wordmark is sized from it. */
  height?: number;
}

/**
 * The mark (an official document with a check) in the variant that matches the resolved
 * (light or dark) theme, and the wordmark set as text in the app's own font — an SVG shown
 * through <img> cannot use the page's web fonts, so the name is not drawn inside the image.
 * Announced once, as an image named by the product's name.
 */
export function Logo({ height = 40 }: LogoProps) {
  const theme = useTheme();
  const { t } = useTranslation();
  const dark = theme.palette.mode === 'dark';
  return (
    <Box
      role="img"
      aria-label={t('app.logoAlt')}
      data-variant={dark ? 'dark' : 'light'}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: `${Math.round(height / 4)}px` }}
    >
      <Box component="img" src={dark ? logoDark : logoLight} alt="" width={height} height={height} sx={{ display: 'block' }} />
      <Box
        component="span"
        aria-hidden
        sx={{ fontSize: Math.round(height * 0.7), fontWeight: 700, lineHeight: 1, color: 'primary.main', whiteSpace: 'nowrap' }}
      >
        {t('app.name')}
      </Box>
    </Box>
  );
}
