import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { InForce } from '../../../api/posts';
import { visuallyHidden } from './visuallyHidden';

/** Each state's theme colour and icon: the word says it too, so colour is never the only sign. */
const LOOK: Record<InForce, { color: string; Icon: typeof BlockIcon }> = {
  in_force: { color: 'success.main', Icon: CheckCircleOutlineIcon },
  amended: { color: 'warning.main', Icon: EditNoteIcon },
  repealed: { color: 'error.main', Icon: BlockIcon },
};

/**
 * Whether the post is in force, amended or repealed, as its relations make it (issue 14): on the
 * post page, and on a card when it is amended or repealed. A Box rather than a Chip, which the
 * cards' chunk does not hold otherwise (it loads with the home route). The colour marks the border
 * and the icon; the word keeps the text's colour, so it reads in light and dark alike.
 */
export function InForceBadge({ state }: { state: InForce }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[state];
  return (
    <Box
      component="span"
      data-testid="in-force-badge"
      sx={{
        // Holds the hidden label's absolute box, so it never widens a phone's page.
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        minHeight: 24,
        px: 1,
        border: 1,
        borderColor: color,
        borderRadius: 999,
        fontSize: '0.8125rem',
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      <Icon sx={{ fontSize: 18, color }} />
      {/* Heard as "Status: Repealed", not as a bare word out of context. */}
      <span style={visuallyHidden}>{`${t('inForce.label')}: `}</span>
      {t(`inForce.${state}`)}
    </Box>
  );
}
