import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTheme } from '@mui/material/styles';
import type { ComponentType } from 'react';

type DirectionalIconProps = SvgIconProps & {
  /** An icon drawn for left-to-right (an arrow or chevron pointing "forward" = right). */
  icon: ComponentType<SvgIconProps>;
};

/**
 * MUI icons are not mirrored by the rtl Emotion cache (they are SVG paths, not CSS), so an
 * icon that points along the reading direction is flipped here when the theme is rtl.
 */
export function DirectionalIcon({ icon: Icon, sx, ...props }: DirectionalIconProps) {
  const rtl = useTheme().direction === 'rtl';
  // MUI's documented way to add to a given sx: its array type leaves out the false and undefined
  // it accepts, and Array.isArray's any[] is what lets the two meet.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
  return <Icon {...props} data-mirrored={rtl ? 'true' : 'false'} sx={[rtl && { transform: 'scaleX(-1)' }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}
