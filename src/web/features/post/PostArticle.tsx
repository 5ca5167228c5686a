import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { localized } from '../layout/localized';
import { Attachments } from '../posts/card/Attachments';
import { BookmarkButton } from '../posts/card/BookmarkButton';
import { RichText } from '../posts/card/RichText';
import { ShareButton } from '../posts/card/ShareButton';
import { selectLanguage } from '../settings/preferencesSlice';
import { ChipLinks } from './ChipLinks';
import { PostClassification } from './PostClassification';
import { PostDetails } from './PostDetails';
import { PostMeta } from './PostMeta';
import { PostSection } from './PostSection';
import { hashtagLinks, subcategoryLinks } from './postLinks';
import { postShareText } from './postRules';
import { useMetaDescription } from './useMetaDescription';

/** A loaded post, in full: the text in the reader's language when the post has it. */
export function PostArticle({ post }: { post: Post }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const title = localized(language, post.title_ar, post.title);
  const summary = localized(language, post.summary_ar, post.summary);
  const content = localized(language, post.content_ar, post.content);
  const hashtags = hashtagLinks(post);
  const subcategories = subcategoryLinks(post, language);
  useMetaDescription(summary || post.meta_description);

  return (
    <Box component="article">
      <Box sx={{ mt: 1 }}>
        <PostClassification post={post} />
      </Box>
      {/* Official titles run long: a reading size, not PageHeader's compact one. */}
      <Box dir="auto" sx={{ '& h1': { fontSize: { xs: '1.375rem', sm: '1.75rem' }, lineHeight: 1.5 } }}>
        <PageHeader title={title} />
      </Box>
      {summary ? (
        <Typography dir="auto" variant="subtitle1" component="p" color="text.secondary" sx={{ lineHeight: 1.8, mb: 2, maxWidth: '70ch' }}>
          {summary}
        </Typography>
      ) : null}
      <PostMeta post={post} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <BookmarkButton post={post} variant="button" />
        <ShareButton path={`/post/${encodeURIComponent(post.slug)}`} title={title} text={postShareText(summary, content)} variant="button" />
      </Box>
      <Divider sx={{ my: 3 }} />
      {/* Laws and decisions are long, article after article: a ~70 character measure and
          generous leading (RichText keeps the paragraphs and the line breaks within them). */}
      <Box
        data-testid="post-content"
        // '&&' outweighs RichText's own paragraph gap, too small at this leading to part them.
        sx={{ maxWidth: '70ch', fontSize: '1.0625rem', lineHeight: 2, '&& > * > * + *': { mt: 2.5 } }}
      >
        <RichText text={content} component="div" />
      </Box>
      {post.attachments.length ? (
        <PostSection title={t('post.attachments')}>
          <Attachments attachments={post.attachments} />
        </PostSection>
      ) : null}
      {hashtags.length ? (
        <PostSection title={t('post.hashtags')}>
          <ChipLinks links={hashtags} />
        </PostSection>
      ) : null}
      {subcategories.length ? (
        <PostSection title={t('post.subcategories')}>
          <ChipLinks links={subcategories} />
        </PostSection>
      ) : null}
      <PostDetails post={post} />
    </Box>
  );
}
