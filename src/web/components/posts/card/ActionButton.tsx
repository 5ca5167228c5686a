import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { MouseEvent, ReactNode } from 'react';
import { PRESS_IF_SIGNED_IN } from '../../../pageMarks';

export interface ActionButtonProps {
  /** 'icon' (cards: the label is the accessible name and the hover hint) or 'button' (icon and text). */
  variant?: 'icon' | 'button';
  icon: ReactNode;
  label: string;
  /** The hover hint when it should say more than the label (a toggle's current effect). */
  hint?: string;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  /** Makes it a toggle button (aria-pressed). */
  pressed?: boolean;
  /**
   * Drawn as a link: with `href` it works before the app's scripts arrive (a visitor's bookmark
   * goes to /login); without, it is a button on the same element, so a press kept before the
   * scripts arrived finds it again (src/web/serverPage.ts).
   */
  link?: { href?: string; keepIfSignedIn?: boolean };
}

/** The share and bookmark actions of a post, in either look. */
export function ActionButton({ variant = 'icon', icon, label, hint, onClick, pressed, link }: ActionButtonProps) {
  const common = {
    onClick,
    title: hint ?? label,
    'aria-pressed': link?.href ? undefined : pressed,
    ...(link ? { component: 'a' as const, href: link.href, ...(link.keepIfSignedIn ? { [PRESS_IF_SIGNED_IN]: '' } : {}) } : {}),
  };
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
