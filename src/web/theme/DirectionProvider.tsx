import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import type { Direction } from '../i18n/types';
import { cacheFor } from './emotionCache';

interface DirectionProviderProps {
  direction: Direction;
  children: ReactNode;
}

/**
 * The Emotion cache for a direction. It covers everything rendered below it, portals
 * included (dialogs, menus, drawers, tooltips mount in <body>, which inherits <html dir>), so
 * they flip with the page.
 */
export function DirectionProvider({ direction, children }: DirectionProviderProps) {
  return <CacheProvider value={cacheFor(direction)}>{children}</CacheProvider>;
}
