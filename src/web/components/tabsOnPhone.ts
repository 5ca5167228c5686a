import type { Theme } from '@mui/material/styles';

/**
 * The `sx` of a row of scrollable tabs: on a phone the tabs wrap onto a second row rather than
 * scroll, so no label is cut at the screen's edge (at 360 px the settings' third tab showed
 * «الا» beside a scroll arrow). Wrapped, the sliding indicator cannot follow a tab to its row,
 * so the chosen tab is underlined itself; from the tablet up the row scrolls as before.
 */
export const tabsOnPhone = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    // MUI's class names (tabsClasses.list, .indicator; tabClasses.selected), written out: their
    // modules imported here changed how the build splits the home route's code.
    '& .MuiTabs-list': { flexWrap: 'wrap' },
    '& .MuiTabs-indicator': { display: 'none' },
    '& .MuiTab-root.Mui-selected': { boxShadow: `inset 0 -2px 0 ${theme.palette.primary.main}` },
  },
});
