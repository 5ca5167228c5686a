import { useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new screen (a link followed, not a filter changed on the same path) starts at its top;
 * Back and Forward (POP) leave the position to the browser and to the lists' own restoration.
 */
export function useStartAtTop() {
  const navigation = useNavigationType();
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (navigation !== NavigationType.Pop && window.scrollY > 0) window.scrollTo(0, 0);
  }, [navigation, pathname]);
}
