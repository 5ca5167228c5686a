import DownloadIcon from '@mui/icons-material/Download';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { toast } from '../../toast';

/**
 * Downloads a file with the browser's own download (a link with `download`, so no script holds
 * the file) and says so: 'جاري تنزيل الملف...'.
 */
export function DownloadButton({ href, label, sx }: { href: string; label: string; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <IconButton component="a" href={href} download aria-label={label} title={label} onClick={() => toast.info(t('toast.downloading'))} sx={sx}>
      <DownloadIcon fontSize="small" />
    </IconButton>
  );
}
