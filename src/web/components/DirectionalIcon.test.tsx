/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { act, screen } from '@testing-library/react';
import { languageChanged } from '../state/preferencesSlice';
import { renderWithProviders } from '../test/renderWithProviders';
import { DirectionalIcon } from './DirectionalIcon';

it('mirrors a reading-direction icon in rtl only', () => {
  const { store } = renderWithProviders(<DirectionalIcon icon={ChevronRightIcon} data-testid="icon" />);
  expect(screen.getByTestId('icon')).toHaveAttribute('data-mirrored', 'true');
  act(() => {
    store.dispatch(languageChanged('en'));
  });
  expect(screen.getByTestId('icon')).toHaveAttribute('data-mirrored', 'false');
});
