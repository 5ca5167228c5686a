/**
 * Lets the browser breathe between the steps of the start (scheduler.yield where there is one):
 * each step is a task of its own, short enough that a slow phone paints and answers a press
 * between them, rather than one long task from the scripts' evaluation to the take-over.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A step of the start, on the browser's performance timeline (Lighthouse's user timings). */
export function mark(step: string): void {
  performance.mark?.(`qarar:${step}`);
}
