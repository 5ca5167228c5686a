import type { CircularProgressProps } from '@mui/material/CircularProgress';
import { deferredPart, loadWhenIdle } from './deferredPart';

/**
 * MUI's CircularProgress as Button and IconButton draw it, only while their `loading` prop is on
 * (which no first screen sets): the browser's build gives them this stand-in (webpack.config.ts,
 * deferredPart.tsx). The app's own indicators are components/Spinner.tsx.
 */
const { Part, load } = deferredPart<CircularProgressProps, HTMLSpanElement>(() => import(/* webpackChunkName: "mui-deferred" */ '@mui/material/CircularProgress'));

loadWhenIdle(load);

export const loadCircularProgress = load;
export default Part;
