import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useCorrectSearchQuery } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage, type AppLanguage } from '../../state/preferencesSlice';

/** A search that finds this many posts or fewer is offered the closest searches of the portal's words. */
export const FEW_RESULTS = 2;

/**
 * The list API counts a search up to this many posts and then says "more" (COUNT_BOUND,
 * src/server/modules/posts/repository.ts); a correction's count is the list's, so one this
 * high finds at least as many.
 */
const COUNTED_UP_TO = 1000;

const numbers: Record<AppLanguage, Intl.NumberFormat> = { ar: new Intl.NumberFormat('ar'), en: new Intl.NumberFormat('en') };

export interface DidYouMeanProps {
  /** The search as the reader wrote it. */
  search: string;
  /** How many posts it found; undefined while they are being counted (nothing is asked meanwhile). */
  count: number | undefined;
  /** The address of a corrected search: the page keeps its other filters and its order. */
  hrefFor: (q: string) => string;
  /** The posts' original language, when the list is narrowed to it: each correction is counted so. */
  language?: AppLanguage;
}

/**
 * «هل تقصد: …» / "Did you mean: …" under a search that finds few posts (FEW_RESULTS or fewer):
 * the closest searches made of the portal's own words (GET /content/spelling/), each a link
 * (hrefFor) with how many posts it finds, best first. A polite live region, in the page from the
 * start and empty until there is something to say: a screen reader announces the sentence once,
 * when it comes. The corrected searches keep their own direction inside the sentence (<bdi>).
 */
export function DidYouMean({ search, count, hrefFor, language: postsLanguage }: DidYouMeanProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const q = search.trim();
  const wanted = q !== '' && count !== undefined && count <= FEW_RESULTS;
  // currentData: the answer for this search, never the one before while it is asked.
  const { currentData } = useCorrectSearchQuery({ q, language: postsLanguage }, { skip: !wanted });
  const corrections = wanted ? (currentData?.corrections ?? []) : [];
  const posts = (n: number) =>
    n >= COUNTED_UP_TO
      ? t('spelling.postsAtLeast', { n: numbers[language].format(COUNTED_UP_TO) })
      : t('spelling.posts', { count: n, n: numbers[language].format(n) });
  return (
    <Typography
      role="status"
      aria-live="polite"
      aria-label={t('spelling.label')}
      variant="body1"
      sx={{ m: 0, '&:not(:empty)': { pb: 1.5 } }}
    >
      {corrections.length ? (
        <>
          {t('spelling.didYouMean')}{' '}
          {corrections.map((correction, i) => (
            <Fragment key={correction.q}>
              {i > 0 ? t('spelling.separator') : null}
              <Link component={RouterLink} to={hrefFor(correction.q)} sx={{ fontWeight: 700 }}>
                <bdi>{correction.q}</bdi>
              </Link>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({posts(correction.posts_count)})
              </Typography>
            </Fragment>
          ))}
          {t('spelling.end')}
        </>
      ) : null}
    </Typography>
  );
}
