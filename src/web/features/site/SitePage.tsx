import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

export type SiteTopic = 'about' | 'privacy' | 'terms';

/** The about, privacy and terms pages the footer links to: short, static, in both languages. */
export default function SitePage({ topic }: { topic: SiteTopic }) {
  const { t } = useTranslation();
  return (
    <Box component="article" sx={{ maxWidth: 720 }}>
      <PageHeader title={t(`site.${topic}.title`)} />
      {(['p1', 'p2', 'p3'] as const).map((p) => (
        <Typography key={p} component="p" sx={{ mb: 2, lineHeight: 1.9 }}>
          {t(`site.${topic}.${p}`)}
        </Typography>
      ))}
    </Box>
  );
}
