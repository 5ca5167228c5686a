import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { Segment } from '../../../shared/search/highlight';

/**
 * How much of the theme's secondary colour tints a match. Text on the tint (text.primary of
 * each scheme, over the card or the page) keeps a contrast above 4.5:1 in light and dark
 * alike: Marked.test.tsx computes it from the theme's palettes.
 */
export const MARK_TINT = 0.3;

/** A match: the secondary colour's tint under the reader's text colour, by CSS variables. */
export const markSx = (theme: Theme) => ({
  bgcolor: theme.alpha((theme.vars ?? theme).palette.secondary.main, MARK_TINT),
  color: 'text.primary',
  borderRadius: 0.5,
  px: '0.1em',
  // Windows' high contrast themes: the system's own highlight colours.
  '@media (forced-colors: active)': { bgcolor: 'Mark', color: 'MarkText' },
});

/**
 * Text with its matches in <mark>: React text nodes and elements only, so whatever the text
 * holds (a title, a server's excerpt, `<script>` included) is shown, never run.
 */
export function Marked({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.mark ? (
          <Box component="mark" key={i} sx={markSx}>
            {segment.text}
          </Box>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
