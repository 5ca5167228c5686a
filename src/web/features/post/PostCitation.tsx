import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../api/posts';
import { toast } from '../../components/toast';
import { citationOf } from './citation';
import { PostSection } from './PostSection';
import { useOrigin } from './useOrigin';

/** How to cite the post, in Arabic and in English, each with a copy button (issue 30, point 5). */
export function PostCitation({ post }: { post: Post }) {
  const { t } = useTranslation();
  const url = `${useOrigin()}/post/${encodeURIComponent(post.slug)}`;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('post.citation.copied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  };

  return (
    <PostSection title={t('post.citation.title')}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {(['ar', 'en'] as const).map((language) => {
          const text = citationOf(post, language, url);
          return (
            <Paper key={language} variant="outlined" sx={{ borderRadius: 3, p: 2 }} data-testid={`citation-${language}`}>
              <Typography variant="caption" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
                {t(`post.citation.${language}`)}
              </Typography>
              <Typography lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'} variant="body2" sx={{ lineHeight: 1.9, overflowWrap: 'anywhere' }}>
                {text}
              </Typography>
              <Button size="small" startIcon={<ContentCopyIcon fontSize="small" />} onClick={() => void copy(text)} sx={{ mt: 1, minHeight: 44 }}>
                {t(`post.citation.copy_${language}`)}
              </Button>
            </Paper>
          );
        })}
      </Box>
    </PostSection>
  );
}
