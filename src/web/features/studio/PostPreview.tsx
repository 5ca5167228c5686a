import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { splitHashtags, type EditorValues } from './editorForm';
import { hijriOf } from './studioDates';

interface Props {
  values: EditorValues;
  language: 'ar' | 'en';
  /** Type and organization names in this language. */
  typeName?: string;
  organizationName?: string;
}

/**
 * The post as readers will see it in one language. `dir` and `lang` are set on the block
 * itself: the Arabic preview reads right to left and the English one left to right, whatever
 * the workspace's own language.
 */
export function PostPreview({ values, language, typeName, organizationName }: Props) {
  const { t } = useTranslation();
  const ar = language === 'ar';
  const title = ar ? values.title_ar : values.title;
  const summary = ar ? values.summary_ar : values.summary;
  const content = ar ? values.content_ar : values.content;
  const hijri = values.issued_on ? hijriOf(values.issued_on, language) : null;
  return (
    <Box component="article" dir={ar ? 'rtl' : 'ltr'} lang={language} sx={{ display: 'grid', gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {[typeName, organizationName, values.document_number].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="h5" component="h3" color={title ? 'text.primary' : 'text.disabled'}>
        {title || t('studio.preview.emptyTitle')}
      </Typography>
      {values.issued_on ? (
        <Typography variant="body2" color="text.secondary">
          {values.issued_on}
          {hijri ? ` · ${hijri}` : ''}
        </Typography>
      ) : null}
      {summary ? <Typography sx={{ fontWeight: 500 }}>{summary}</Typography> : null}
      {/* Plain text as typed: the preview never renders markup from the form. */}
      {content ? <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content}</Typography> : null}
      {values.hashtags ? (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {splitHashtags(values.hashtags).map((tag) => (
            <Chip key={tag} size="small" label={`#${tag}`} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
