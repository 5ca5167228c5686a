import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

const LINKS = [
  { to: '/privacy', label: 'layout.privacy' },
  { to: '/terms', label: 'layout.terms' },
  { to: '/about', label: 'layout.about' },
] as const;

/** Privacy, terms and about links and the copyright line. */
export function FooterLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ px: 1 }}>
      <Box component="ul" aria-label={t('layout.footer')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {LINKS.map(({ to, label }) => (
          <li key={to}>
            <Link component={RouterLink} to={to} onClick={onNavigate} variant="caption" color="text.secondary">
              {t(label)}
            </Link>
          </li>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('layout.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
