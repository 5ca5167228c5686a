import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { linkify, paragraphDirection, paragraphs, splitPhones } from '../text/linkify';
import { visuallyHidden } from './visuallyHidden';

/**
 * Text whose hashtags (to /hashtags/{tag}) and addresses (external, opening in a new tab
 * without access to this page) become links, spec §5. Each paragraph takes its direction from
 * its own text (an English paragraph in an Arabic post reads left to right; a paragraph of
 * Arabic hashtags only reads right to left: see paragraphDirection); each link is isolated so a
 * Latin tag or an address never reorders the Arabic around it; single line breaks are kept. `clampLines` cuts the text at that many lines with an ellipsis (CSS only).
 */
export function RichText({ text, component = 'p', clampLines }: { text: string; component?: 'p' | 'div'; clampLines?: number }) {
  const { t } = useTranslation();
  const blocks = useMemo(() => paragraphs(text).map(linkify), [text]);

  return (
    <Box
      sx={[
        { overflowWrap: 'anywhere', '& > * + *': { mt: 1.5 } },
        clampLines !== undefined && {
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: String(clampLines),
          overflow: 'hidden',
        },
      ]}
    >
      {blocks.map((segments, i) => (
        <Box key={i} component={component} dir={paragraphDirection(segments)} sx={{ m: 0, whiteSpace: 'pre-line' }}>
          {segments.map((segment, j) => {
            switch (segment.type) {
              // Underlined: links inside running text must not be told apart by colour alone.
              case 'hashtag':
                return (
                  <Link key={j} component={RouterLink} to={segment.path} dir="auto" underline="always">
                    {segment.text}
                  </Link>
                );
              case 'url':
                return (
                  // An address reads left to right inside any paragraph.
                  <Link key={j} href={segment.href} target="_blank" rel="noopener noreferrer" dir="ltr" underline="always">
                    {segment.text}
                    <span style={visuallyHidden}> {t('postCard.newTab')}</span>
                  </Link>
                );
              default:
                return (
                  <Fragment key={j}>
                    {splitPhones(segment.text).map((part, k) =>
                      part.phone ? (
                        <bdi key={k} dir="ltr">
                          {part.text}
                        </bdi>
                      ) : (
                        part.text
                      ),
                    )}
                  </Fragment>
                );
            }
          })}
        </Box>
      ))}
    </Box>
  );
}
