import GlobalStyles from '@mui/material/GlobalStyles';
import { postPagePrintRules } from './printRules';

/**
 * The post page's print stylesheet: mounted beside its article (PostPage, a version's page), it
 * prints the document without the app around it (printRules, postPagePrintRules).
 */
export function PostPrintStyles() {
  return <GlobalStyles styles={postPagePrintRules} />;
}
