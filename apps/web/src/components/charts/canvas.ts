let canvas: boolean | undefined;

/**
 * Whether this browser can draw on a canvas (jsdom and some locked-down browsers cannot): a chart
 * is drawn only then, and its table (the text alternative) stands alone otherwise.
 */
export function canvasAvailable(): boolean {
  if (canvas === undefined) {
    try {
      canvas = document.createElement('canvas').getContext('2d') !== null;
    } catch {
      canvas = false;
    }
  }
  return canvas;
}
