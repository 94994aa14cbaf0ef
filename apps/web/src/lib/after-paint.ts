// Hand-written, no library (decision 0012, "API calls go out after the paint"): scheduling
// libraries and scheduler.postTask yield to the event loop, not to a presented paint, which is what
// Lighthouse's LCP and the first paint of a signed-in page wait on. frame.spec.ts holds it to that.
/**
 * Resolves once the browser has painted what is on screen now, in a task of the caller's own.
 *
 * A page's data requests start in the effects of its first commit, in the same task, so their
 * set-up (nine requests on the student dashboard: ~20 ms on a fast machine, four times that on a
 * phone) ran before that commit was painted, and Lighthouse counts every request started before the
 * largest paint towards that paint. Waiting lets the page paint first; each caller then continues in
 * a task of its own, so a burst of requests is not one long task either.
 *
 * "Painted" is two frames on: a requestAnimationFrame callback runs just before a frame is drawn,
 * and one queued from it runs as the next frame begins, once the first has been drawn. Until the
 * page's first contentful paint has been presented (the `paint` entry), that is waited for too: the
 * screen can show a frame a little after the main thread has drawn it. Callers in one frame share
 * one wait. Where nothing is painted (no window, a hidden tab whose frames have stopped) it does not
 * wait for frames; if frames stop while waiting, FRAMES_WAIT_MS ends that wait. The first contentful
 * paint is waited for longer (FCP_WAIT_MS): on a slow phone or a busy machine it is presented well
 * after 200 ms of the first requests being queued, and a call sent before it counts against it;
 * a document that never paints anything contentful still sends its calls, a little later, once.
 */
const FRAMES_WAIT_MS = 200;
const FCP_WAIT_MS = 1500;
let frames: Promise<void> | null = null;
let contentful: Promise<void> | null = null;

/** The frame being drawn now and the next one begun (see above). */
function twoFrames(): Promise<void> {
  frames ??= new Promise<void>((resolve) => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        frames = null;
        resolve();
      }),
    );
  });
  return frames;
}

/** The page's first contentful paint, presented; at once where the browser does not report paints. */
function firstContentfulPaint(): Promise<void> {
  contentful ??= new Promise<void>((resolve) => {
    const types = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : undefined;
    if (!types?.includes('paint') || performance.getEntriesByName('first-contentful-paint').length > 0) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  return contentful;
}

/** `wait`, or `ms` milliseconds, whichever ends first (its timer cleared either way). */
async function atMost(wait: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([wait, limit]);
  clearTimeout(timer);
}

export async function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.visibilityState !== 'visible') return;
  await Promise.all([atMost(twoFrames(), FRAMES_WAIT_MS), atMost(firstContentfulPaint(), FCP_WAIT_MS)]);
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
}
