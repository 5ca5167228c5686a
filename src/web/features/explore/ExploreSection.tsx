import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DirectionalIcon } from '../../components/DirectionalIcon';

interface ExploreSectionProps {
  title: string;
  /** A 'view all' link beside the title. */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** A titled part of the explore screen (post types, categories, trending hashtags). */
export function ExploreSection({ title, more, children }: ExploreSectionProps) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={id} variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {more ? (
          <Link component={RouterLink} to={more.to} variant="body2" aria-describedby={id} sx={{ display: 'inline-flex', alignItems: 'center' }}>
            {more.label}
            <DirectionalIcon icon={ChevronRightIcon} fontSize="small" />
          </Link>
        ) : null}
      </Box>
      {children}
    </Box>
  );
}
