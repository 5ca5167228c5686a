import BookmarkIcon from '@mui/icons-material/Bookmark';
import VerifiedIcon from '@mui/icons-material/Verified';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Post } from '../../../api/posts';
import { useAppSelector } from '../../../app/hooks';
import { UserAvatar } from '../../UserAvatar';
import { localized } from '../../localized';
import { initialsOf } from '../../initials';
import { selectLanguage, type AppLanguage } from '../../../state/preferencesSlice';
import { formatLongDate, formatRelativeTime, readsAsElapsed } from '../dates';
import { excerpt } from '../text/linkify';
import { CARD_EXCERPT_CHARS } from '../../../api/firstScreen';
import { Attachments } from './Attachments';
import { BookmarkButton } from './BookmarkButton';
import { CardSlotsContext } from './cardSlots';
import { InForceBadge } from './InForceBadge';
import { RichText } from './RichText';
import { ShareButton } from './ShareButton';
import { TypeBadge } from './TypeBadge';
import { visuallyHidden } from './visuallyHidden';
import { clockNow, useClock } from '../../../app/clock';

/** Lines of body text a card shows before 'read more'. */
const CARD_BODY_LINES = 6;

// One formatter per language for every card's view count.
const countFormats: Record<AppLanguage, Intl.NumberFormat> = { ar: new Intl.NumberFormat('ar'), en: new Intl.NumberFormat('en') };

const postPath = (slug: string) => `/post/${encodeURIComponent(slug)}`;

/**
 * Who the card names. A publisher account speaks for its organization, whose name the API
 * gives in both languages (the account's own name is one language only), and links to it.
 */
function byline(post: Post, language: AppLanguage): { name: string; path: string } {
  const { author, organization } = post;
  if (author.user_type === 'publisher' && organization) {
    return { name: localized(language, organization.name_ar, organization.name), path: `/organizations/${encodeURIComponent(organization.code)}` };
  }
  return { name: `${author.first_name} ${author.last_name}`.trim() || author.username, path: `/profile/${encodeURIComponent(author.username)}` };
}

const chipSx = {
  display: 'inline-block',
  px: 1.25,
  py: 0.25,
  border: 1,
  borderColor: 'divider',
  borderRadius: 999,
  fontSize: '0.8125rem',
  color: 'text.secondary',
  textDecoration: 'none',
  '&:hover': { bgcolor: 'action.hover', color: 'text.primary' },
} as const;

/**
 * When the reader saved the post (spec §3 savedAt), above the header as the card's context: time
 * elapsed as the card words its own date ("Saved 3 days ago"), else the date; in full on hover.
 */
function SavedAt({ iso }: { iso: string }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const clock = useClock();
  const now = clockNow(clock);
  const when = formatRelativeTime(iso, language, now, clock.timeZone);
  if (!when) return null;
  return (
    <Typography component="p" variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: -0.5 }}>
      <BookmarkIcon aria-hidden sx={{ fontSize: 16 }} />
      <time dateTime={iso} title={formatLongDate(iso, language, { time: true, timeZone: clock.timeZone })}>
        {readsAsElapsed(iso, now) ? t('postCard.savedAgo', { time: when }) : t('postCard.savedOn', { date: when })}
      </time>
    </Typography>
  );
}

/** The header's links stand apart from the text: each at least 24 px high (WCAG 2.2, 2.5.8). */
const TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const;

/**
 * What a post's card holds (PostCard is its frame and loads it): who published it and when,
 * its type (and its state when amended or repealed), the title (`titleId`, which names the
 * card), the start of its text (hashtags and addresses as links), categories, attachments,
 * views, share and bookmark. Everything is in the reader's language where the API gives both.
 * A screen may draw the title its own way and add a line under the text (cardSlots.ts: the
 * explore screen's search highlights). A saved post says when the reader saved it (`savedAt`).
 */
export function PostCardContent({ post, titleId, savedAt }: { post: Post; titleId: string; savedAt?: string }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const clock = useClock();
  const { renderTitle, renderMatch } = useContext(CardSlotsContext);

  const path = postPath(post.slug);
  const title = localized(language, post.title_ar, post.title);
  const summary = localized(language, post.summary_ar, post.summary);
  const body = summary || excerpt(localized(language, post.content_ar, post.content), CARD_EXCERPT_CHARS);
  const { name, path: authorPath } = byline(post, language);
  const { author } = post;
  const date = post.published_at ?? post.created_at;
  const views = countFormats[language].format(post.view_count);

  return (
    <>
      {savedAt && <SavedAt iso={savedAt} />}
      <Box component="header" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <UserAvatar src={author.profile_picture} name={name} initials={initialsOf(name, '', author.username)} size={44} />
        <Box sx={{ minWidth: 0, flex: 1, display: 'grid', gap: 0.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75, rowGap: 0, typography: 'body2' }}>
            {/* The badge stays beside the name; the handle and the time wrap together. */}
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
              <Link component={RouterLink} to={authorPath} color="text.primary" dir="auto" sx={{ ...TARGET, fontWeight: 700 }}>
                {name}
              </Link>
              {author.is_verified && <VerifiedIcon color="primary" sx={{ fontSize: 18, flexShrink: 0 }} titleAccess={t('postCard.verified')} />}
            </Box>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', columnGap: 0.75, color: 'text.secondary', whiteSpace: 'nowrap', minWidth: 0 }}>
              {/* A publisher's name leads to its organization; the @username to the person. */}
              {authorPath.startsWith('/profile/') ? (
                <Box component="span" dir="ltr">
                  {t('postCard.byline', { username: author.username })}
                </Box>
              ) : (
                <Link component={RouterLink} to={`/profile/${encodeURIComponent(author.username)}`} dir="ltr" color="text.secondary" sx={TARGET}>
                  {t('postCard.byline', { username: author.username })}
                </Link>
              )}
              <span aria-hidden>·</span>
              <Link component={RouterLink} to={path} color="inherit" sx={TARGET}>
                <time dateTime={date} title={formatLongDate(date, language, { time: true, timeZone: clock.timeZone })}>
                  {formatRelativeTime(date, language, clockNow(clock), clock.timeZone)}
                </time>
              </Link>
            </Box>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
            <TypeBadge type={post.type} />
            {/* The number it is cited by ("decision No. 794/1446"). */}
            {post.document_number ? (
              <Typography component="span" variant="caption" color="text.secondary" data-testid="card-document-number">
                <bdi>{t('postCard.documentNumber', { number: post.document_number })}</bdi>
              </Typography>
            ) : null}
            {/* Only what a reader must know: 'in force' on every card would be noise; a withdrawn post has no state. */}
            {post.in_force !== 'in_force' && !post.withdrawal && <InForceBadge state={post.in_force} />}
          </Box>
        </Box>
      </Box>

      <Typography id={titleId} component="h2" variant="h6" dir="auto" sx={{ fontSize: '1.125rem', lineHeight: 1.5 }}>
        <Link component={RouterLink} to={path} color="text.primary">
          {renderTitle ? renderTitle(title, post) : title}
        </Link>
      </Typography>

      {body && (
        <Box sx={{ color: 'text.primary', typography: 'body1' }}>
          <RichText text={body} clampLines={CARD_BODY_LINES} />
          {/* Its purpose comes from the card it is in; the title describes it for link lists. */}
          <Link component={RouterLink} to={path} variant="body2" aria-describedby={titleId} sx={{ fontWeight: 500 }}>
            {t('postCard.readMore')}
          </Link>
        </Box>
      )}

      {renderMatch?.(post)}

      {post.categories_data.length > 0 && (
        <Box component="ul" aria-label={t('postCard.categories')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
          {post.categories_data.map((category) => (
            <li key={category.id}>
              <Box component={RouterLink} to={`/?category=${encodeURIComponent(category.slug)}`} sx={chipSx}>
                {localized(language, category.name_ar, category.name)}
              </Box>
            </li>
          ))}
        </Box>
      )}

      <Attachments attachments={post.attachments} preview morePath={path} />

      <Box component="footer" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flex: 1, typography: 'body2' }}>
          <VisibilityIcon aria-hidden fontSize="small" />
          <span aria-hidden>{views}</span>
          <span style={visuallyHidden}>{t('postCard.views', { views })}</span>
        </Box>
        <ShareButton path={path} title={title} text={summary || undefined} />
        <BookmarkButton post={post} />
      </Box>
    </>
  );
}
