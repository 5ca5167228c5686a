import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';

/** The frame of the account screens (sign in, sign up, password reset): one narrow card. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', py: { xs: 2, md: 4 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 2.5, sm: 4 }, borderRadius: 3, display: 'grid', gap: 2 }}>
        <PageHeader title={title} subtitle={subtitle} />
        {children}
        {footer ? <Box sx={{ display: 'grid', gap: 1, justifyItems: 'center', typography: 'body2' }}>{footer}</Box> : null}
      </Paper>
    </Box>
  );
}
