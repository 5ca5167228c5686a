import GlobalStyles from '@mui/material/GlobalStyles';
import { printRules } from './printRules';

/** The print view's print stylesheet (printRules), while the view is on screen. */
export function PrintStyles() {
  return <GlobalStyles styles={printRules} />;
}
