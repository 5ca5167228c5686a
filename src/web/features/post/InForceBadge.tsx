import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { InForce } from '../../api/posts';
import { visuallyHidden } from '../posts/card/visuallyHidden';

/** Each state's theme colour and icon: the word says it too, so colour is never the only sign. */
const LOOK: Record<InForce, { color: ChipProps['color']; icon: ReactElement }> = {
  in_force: { color: 'success', icon: <CheckCircleOutlineIcon /> },
  amended: { color: 'warning', icon: <EditNoteIcon /> },
  repealed: { color: 'error', icon: <BlockIcon /> },
};

/** Whether the post is in force, amended or repealed, as its relations make it (issue 14). */
export function InForceBadge({ state }: { state: InForce }) {
  const { t } = useTranslation();
  const { color, icon } = LOOK[state];
  return (
    <Chip
      data-testid="in-force-badge"
      size="small"
      variant="outlined"
      color={color}
      icon={icon}
      label={
        <>
          {/* Heard as "Status: Repealed", not as a bare word out of context. */}
          <span style={visuallyHidden}>{`${t('post.inForce.label')}: `}</span>
          {t(`post.inForce.${state}`)}
        </>
      }
      sx={{ fontWeight: 600 }}
    />
  );
}
