import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple';
import { deferredPart, loadWhenIdle } from './deferredPart';

/**
 * MUI's press ripple, which ButtonBase mounts at a button's first press or keyboard focus: the
 * browser's build gives ButtonBase this stand-in (webpack.config.ts, deferredPart.tsx). A press
 * before it is here works as always, without its ripple.
 */
const { Part, load } = deferredPart<TouchRippleProps, TouchRippleActions>(() => import(/* webpackChunkName: "mui-deferred" */ '@mui/material/ButtonBase/TouchRipple'));

loadWhenIdle(load);

export const loadTouchRipple = load;
export default Part;
