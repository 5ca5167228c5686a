import Box from '@mui/material/Box';

/**
 * A round picture, or the initials when there is none (MUI's Avatar is several KB of the home
 * route's budget for the same result).
 */
export function UserAvatar({ src, name, initials, size = 40 }: { src?: string | null; name: string; initials: string; size?: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 500,
        fontSize: size * 0.4,
      }}
    >
      {src ? (
        <Box component="img" src={src} alt={name} width={size} height={size} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <span aria-hidden="true">{initials}</span>
      )}
    </Box>
  );
}
