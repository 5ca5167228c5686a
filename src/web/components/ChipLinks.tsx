import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router-dom';

export interface ChipLink {
  key: string | number;
  to: string;
  label: string;
}

/** A wrapping list of links shown as chips (categories, hashtags, subcategories). */
export function ChipLinks({ links, label }: { links: ChipLink[]; label?: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {links.map((link) => (
        <li key={link.key}>
          {/* bdi: a Latin tag inside Arabic text (or the reverse) keeps its own direction. */}
          <Chip component={RouterLink} to={link.to} clickable variant="outlined" size="small" label={<bdi>{link.label}</bdi>} />
        </li>
      ))}
    </Box>
  );
}
