import Chip, { type ChipProps } from '@mui/material/Chip';

/** A chip that switches a filter on and off; its state is announced with aria-pressed. */
export function ToggleChip({ pressed, ...props }: Omit<ChipProps, 'clickable' | 'color' | 'variant'> & { pressed: boolean }) {
  return <Chip {...props} clickable aria-pressed={pressed} color={pressed ? 'primary' : 'default'} variant={pressed ? 'filled' : 'outlined'} />;
}
