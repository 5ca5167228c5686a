import Box from '@mui/material/Box';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, type Language } from '../../../i18n/types';
import { insertedStyle, removedStyle, spokenOnly } from './marks';
import type { DiffPart } from './wordDiff';

interface DiffTextProps {
  parts: DiffPart[];
  /** The text's language (a field of the post in Arabic or English), whatever the reader's. */
  language: Language;
  /** A title: larger and bold. */
  heading?: boolean;
}

/** A CSS string (for `content`). */
const cssString = (text: string) => JSON.stringify(` ${text} `);

/**
 * The newer text with what changed inline: `<ins>` for words added, `<del>` for words removed,
 * each said as such by a screen reader (generated content, so a copy of the text stays clean),
 * line breaks and paragraphs as the text has them.
 */
export function DiffText({ parts, language, heading = false }: DiffTextProps) {
  const { t } = useTranslation();
  return (
    <Box
      lang={language}
      dir={directionOf(language)}
      data-testid="diff-text"
      sx={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        maxWidth: '70ch',
        ...(heading ? { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.7 } : { fontSize: '1.0625rem', lineHeight: 2 }),
        '& ins': insertedStyle,
        '& del': removedStyle,
        // Two changes side by side (words replaced) are not run together.
        '& del + ins': { marginInlineStart: '0.25em' },
        '& ins::before, & ins::after, & del::before, & del::after': spokenOnly,
        '& ins::before': { content: cssString(t('compare.insStart')) },
        '& ins::after': { content: cssString(t('compare.insEnd')) },
        '& del::before': { content: cssString(t('compare.delStart')) },
        '& del::after': { content: cssString(t('compare.delEnd')) },
      }}
    >
      {parts.map((part, i) =>
        part.kind === 'added' ? <ins key={i}>{part.text}</ins> : part.kind === 'removed' ? <del key={i}>{part.text}</del> : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </Box>
  );
}
