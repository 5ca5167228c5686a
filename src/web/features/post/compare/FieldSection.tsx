import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../../../state/preferencesSlice';
import { changeSummary } from './changeSummary';
import { DiffText } from './DiffText';
import type { FieldDiff } from './fieldDiffs';

/**
 * One field compared (the Arabic title, the English text…): its words added and removed, then
 * the newer text with the changes marked. An unchanged text is not repeated, only said to be so
 * (a title or summary is, being short and what the reader finds their way by).
 */
export function FieldSection({ diff }: { diff: FieldDiff }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const id = useId();
  const changed = diff.added > 0 || diff.removed > 0 || diff.parts.some((p) => p.kind !== 'equal');
  return (
    <Box component="section" aria-labelledby={id} data-testid={`field-${diff.field}-${diff.language}`} sx={{ mt: 4 }}>
      <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('compare.fieldIn', { field: t(`compare.fields.${diff.field}`), language: t(`post.languageNames.${diff.language}`) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {changed ? changeSummary(t, language, diff.added, diff.removed) : t('compare.unchanged')}
      </Typography>
      {changed || diff.field !== 'content' ? <DiffText parts={diff.parts} language={diff.language} heading={diff.field === 'title'} /> : null}
    </Box>
  );
}
