import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** A code written left to right whatever the page's direction (a key id, a digest). */
  code?: boolean;
}

/**
 * Labelled facts as a description list: each label above its value on a phone, beside it from a
 * tablet up, in a column of one width so that the lists of a card line up. A code breaks anywhere, so 64 hex digits never widen the page.
 */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '13rem 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 } }}
    >
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } }}>
            {fact.label}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {fact.code ? (
              <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-all', display: 'inline-block', textAlign: 'left' }}>
                {fact.value}
              </Box>
            ) : (
              <bdi>{fact.value}</bdi>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
