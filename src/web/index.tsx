import { mark, nextTask } from './app/startSteps';

/**
 * The entry. Evaluating the scripts is the longest piece of the start on a slow phone, so it is
 * cut in two tasks: the libraries (React, MUI and Emotion, Redux, the router, i18next), then the
 * app's own modules, which start it (src/web/start.tsx). Both are in the entry's files (eager
 * imports: no other download); the browser may paint and answer a press between them.
 */
async function boot() {
  const { LIBRARIES } = await import(/* webpackMode: "eager" */ './libraries');
  if (LIBRARIES.length === 0) throw new Error('the libraries did not load');
  mark('libraries');
  await nextTask();
  await import(/* webpackMode: "eager" */ './start');
}
void boot();
