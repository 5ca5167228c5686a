import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface Unit {
  key: number;
  name: string;
  /** A second line (departments of a subsidiary, the subsidiary of a department). */
  detail?: string;
}

interface UnitListProps {
  units: Unit[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** The subsidiaries or departments of an organization, with their loading and error states. */
export function UnitList({ units, isLoading, isError, onRetry }: UnitListProps) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <Box role="status" aria-label={t('common.loading')}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Box>
    );
  }
  if (isError) {
    return (
      <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="error">
          {t('organizations.unitsError')}
        </Typography>
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Box>
    );
  }
  if (!units?.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('organizations.noUnits')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {units.map((unit) => (
        <Box component="li" key={unit.key} sx={{ borderInlineStart: (theme) => `3px solid ${(theme.vars ?? theme).palette.primary.main}`, paddingInlineStart: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {unit.name}
          </Typography>
          {unit.detail ? (
            <Typography variant="caption" color="text.secondary">
              {unit.detail}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
