import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { MouseEvent, ReactNode } from 'react';

export interface ActionButtonProps {
  /** 'icon' (cards: the label is the accessible name and the hover hint) or 'button' (icon and text). */
  variant?: 'icon' | 'button';
  icon: ReactNode;
  label: string;
  /** The hover hint when it should say more than the label (a toggle's current effect). */
  hint?: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Makes it a toggle button (aria-pressed). */
  pressed?: boolean;
}

/** The share and bookmark actions of a post, in either look. */
export function ActionButton({ variant = 'icon', icon, label, hint, onClick, pressed }: ActionButtonProps) {
  const common = { onClick, title: hint ?? label, 'aria-pressed': pressed };
  return variant === 'icon' ? (
    <IconButton {...common} aria-label={label} size="small" sx={{ color: pressed ? 'primary.main' : 'text.secondary' }}>
      {icon}
    </IconButton>
  ) : (
    <Button {...common} startIcon={icon} variant={pressed ? 'contained' : 'outlined'} size="small">
      {label}
    </Button>
  );
}
