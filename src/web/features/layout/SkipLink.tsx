import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element: jumps keyboard users past the navigation to <main>. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        insetInlineStart: 8,
        top: -100,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        p: 1.5,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('nav.skipToContent')}
    </Link>
  );
}
