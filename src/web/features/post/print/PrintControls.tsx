import PrintIcon from '@mui/icons-material/PrintOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DirectionalIcon } from '../../../components/DirectionalIcon';
import { NEEDS_SCRIPT } from '../../../pageMarks';
import { postPath } from '../postLinks';
import { PRINT_HIDDEN } from './printRules';

/** Above the sheet, on screen only: back to the post, and print (the browser's own dialog). */
export function PrintControls({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Box {...{ [PRINT_HIDDEN]: '' }} sx={{ pt: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Button component={RouterLink} to={postPath(slug)} startIcon={<DirectionalIcon icon={ArrowBackIcon} />} sx={{ mx: -1 }}>
          {t('print.backToPost')}
        </Button>
        {/* Printing needs the script: without it the browser's own menu prints the same page. */}
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} {...{ [NEEDS_SCRIPT]: '' }}>
          {t('print.print')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('print.hint')}
      </Typography>
    </Box>
  );
}
