import PrintIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { localized } from '../../components/localized';
import { Attachments } from '../../components/posts/card/Attachments';
import { BookmarkButton } from '../../components/posts/card/BookmarkButton';
import { RichText } from '../../components/posts/card/RichText';
import { ShareButton } from '../../components/posts/card/ShareButton';
import { selectLanguage } from '../../state/preferencesSlice';
import { ChipLinks } from '../../components/ChipLinks';
import { InForceBadge } from './InForceBadge';
import { PostClassification } from './PostClassification';
import { PostDetails } from './PostDetails';
import { PostHistory } from './PostHistory';
import { PostMeta } from './PostMeta';
import { PostRelations } from './PostRelations';
import { PostSection } from './PostSection';
import { hashtagLinks, subcategoryLinks } from './postLinks';
import { postShareText } from './postRules';
import { UpdateNote } from './UpdateNote';
import { useMetaDescription } from './useMetaDescription';
import { WithdrawalNotice } from './WithdrawalNotice';
import { PostCitation } from './PostCitation';
import { PostSignature } from './PostSignature';
import { PostPrintStyles } from './print/PostPrintStyles';
import { Link as RouterLink } from 'react-router-dom';

interface PostArticleProps {
  post: Post;
  /** The post's latest version; a version page shows an older `post` (default: the post's own). */
  currentVersion?: number;
  /** The version a version page shows, marked in the history. */
  shownVersion?: number;
}

/**
 * A loaded post, in full: the text in the reader's language when the post has it. Drawn from
 * the post alone (the history asks for its own list), so the server draws it as the browser does.
 */
export function PostArticle({ post, currentVersion = post.version, shownVersion }: PostArticleProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const title = localized(language, post.title_ar, post.title);
  const summary = localized(language, post.summary_ar, post.summary);
  const content = localized(language, post.content_ar, post.content);
  const hashtags = hashtagLinks(post);
  const subcategories = subcategoryLinks(post, language);
  useMetaDescription(summary || post.meta_description);

  // A withdrawn post no longer stands, whatever its relations say: its notice says so instead.
  const withdrawn = post.status === 'archived' || Boolean(post.withdrawal);

  return (
    <Box component="article">
      {/* Printed from the post's page: the document without the app around it. */}
      <PostPrintStyles />
      {post.withdrawal ? <WithdrawalNotice withdrawal={post.withdrawal} /> : null}
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
      <PostMeta post={post} views={shownVersion === undefined} />
      {!withdrawn || post.last_update ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 1, mt: 1.5 }}>
          {withdrawn ? null : <InForceBadge state={post.in_force} />}
          {post.last_update ? <UpdateNote update={post.last_update} /> : null}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <BookmarkButton post={post} variant="button" />
        <ShareButton path={`/post/${encodeURIComponent(post.slug)}`} title={title} text={postShareText(summary, content)} variant="button" />
        {shownVersion === undefined ? (
          <Button component={RouterLink} to={`/post/${encodeURIComponent(post.slug)}/print`} startIcon={<PrintIcon fontSize="small" />} variant="outlined" size="small">
            {t('post.print')}
          </Button>
        ) : null}
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
      {post.relations.length ? <PostRelations relations={post.relations} /> : null}
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
      {/* A post's own answer carries its current version's signature; a version page's post does not. */}
      {post.signature && shownVersion === undefined ? <PostSignature post={post} signature={post.signature} /> : null}
      {shownVersion === undefined ? <PostCitation post={post} /> : null}
      {currentVersion > 1 ? <PostHistory slug={post.slug} currentVersion={currentVersion} shownVersion={shownVersion} /> : null}
    </Box>
  );
}
