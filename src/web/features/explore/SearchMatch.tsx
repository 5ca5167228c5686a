import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchMatch as Match } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { Isolated, VALUE } from '../../components/Isolated';
import { fromMarkedHtml } from '../../../shared/search/highlight';
import { selectLanguage } from '../../state/preferencesSlice';
import { formatNumber } from './formatNumber';
import { Marked } from './Marked';

/**
 * Why a search found a post, under its card's text: the server's excerpt with the matches
 * marked (its HTML read by fromMarkedHtml into text and marks, never given to the browser as
 * HTML), and the attachment and page when the words were found in a file.
 */
export function SearchMatch({ match }: { match: Match }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const segments = useMemo(() => (match.excerpt ? fromMarkedHtml(match.excerpt) : null), [match.excerpt]);
  const { attachment } = match;
  const foundIn =
    match.found_in === 'attachment' && attachment
      ? t('explore.match.foundInAttachment', { title: VALUE, page: formatNumber(attachment.page, language) })
      : null;

  return (
    <>
      {segments?.length ? (
        // The excerpt may be in the other language (when only that matched): its own direction.
        <Typography variant="body2" color="text.secondary" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          <Marked segments={segments} />
        </Typography>
      ) : null}
      {foundIn !== null && attachment ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, typography: 'body2', color: 'text.secondary', minWidth: 0 }}>
          <AttachFileIcon aria-hidden fontSize="small" sx={{ flexShrink: 0 }} />
          <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {/* A file title in the other script keeps its own direction inside the line. */}
            <Isolated text={foundIn} value={attachment.title} />
          </Box>
        </Box>
      ) : null}
    </>
  );
}
