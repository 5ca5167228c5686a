import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { qrDrawing } from './qrCode';

interface VersionQrCodeProps {
  /** The absolute address the code holds. */
  address: string;
  /** What a screen reader says of it. */
  label: string;
}

/**
 * The QR code of a version's address, black on white whatever the colour scheme (a phone's
 * reader needs the contrast and the light margin), as SVG markup.
 */
export function VersionQrCode({ address, label }: VersionQrCodeProps) {
  const { size, path } = useMemo(() => qrDrawing(address), [address]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid="version-qr"
      data-address={address}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      sx={{ display: 'block', width: { xs: 132, sm: 148 }, height: 'auto', aspectRatio: '1', '@media print': { width: '34mm' } }}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </Box>
  );
}
