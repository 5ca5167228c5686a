import { usePageOrigin } from '../../app/clock';

/** The page's origin ('https://…') for a post's permanent address; '' where none is known. */
export function useOrigin(): string {
  return usePageOrigin() ?? '';
}
