import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import logoDark from '../assets/logo-dark.svg';
import logoLight from '../assets/logo-light.svg';
import { COLOR_SCHEME_ATTRIBUTE } from '../pageMarks';

interface LogoProps {
  /** Height of the mark in px; the wordmark is sized from it. */
  height?: number;
}

/** Which mark shows is the colour scheme's (CSS): the markup is the same for both. */
const DARK = `[${COLOR_SCHEME_ATTRIBUTE}="dark"] &`;

/**
 * The mark (an official document with a check) in the variant that matches the light or dark
 * scheme shown, and the wordmark set as text in the app's own font — an SVG shown through <img>
 * cannot use the page's web fonts, so the name is not drawn inside the image. Announced once,
 * as an image named by the product's name.
 */
export function Logo({ height = 40 }: LogoProps) {
  const { t } = useTranslation();
  const mark = { display: 'block', width: height, height };
  return (
    <Box role="img" aria-label={t('app.logoAlt')} sx={{ display: 'inline-flex', alignItems: 'center', gap: `${Math.round(height / 4)}px` }}>
      <Box component="img" data-variant="light" src={logoLight} alt="" width={height} height={height} sx={{ ...mark, [DARK]: { display: 'none' } }} />
      <Box component="img" data-variant="dark" src={logoDark} alt="" width={height} height={height} sx={{ display: 'none', [DARK]: mark }} />
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
