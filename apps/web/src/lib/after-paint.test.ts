import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Frames under the test's control: `paint()` runs the callbacks queued for the next frame. */
function controlledFrames() {
  let queued: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => queued.push(cb));
  return {
    paint: () => {
      const run = queued;
      queued = [];
      for (const cb of run) cb(performance.now());
    },
  };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 5));
  return done;
};

describe('afterNextPaint', () => {
  it('waits until the frame being drawn has been painted (the one after it has begun), then continues', async () => {
    const frames = controlledFrames();
    const waits = [afterNextPaint(), afterNextPaint()];
    expect(await settled(waits[0]!)).toBe(false);
    frames.paint(); // the frame that shows the current DOM
    expect(await settled(waits[0]!)).toBe(false);
    frames.paint(); // the next one begins: the first is on screen
    await Promise.all(waits);
  });

  it('gives each waiting caller a task of its own after the paint', async () => {
    const frames = controlledFrames();
    const order: string[] = [];
    const a = afterNextPaint().then(() => {
      order.push('a');
      queueMicrotask(() => order.push('a microtask'));
    });
    const b = afterNextPaint().then(() => order.push('b'));
    frames.paint();
    frames.paint();
    await Promise.all([a, b]);
    // a's microtask ran before b: b continued in a later task, not in the same one as a.
    expect(order).toEqual(['a', 'a microtask', 'b']);
  });

  it('does not wait for frames in a hidden tab', async () => {
    controlledFrames(); // frames never come
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled(afterNextPaint())).toBe(true);
  });

  it('stops waiting after 200 ms if frames stop coming', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    controlledFrames(); // frames never come
    let done = false;
    void afterNextPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(199);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(done).toBe(true);
  });

  it('waits for the first contentful paint up to 1.5 s, frames or not, and no longer once it is on screen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames = controlledFrames();
    // A browser that reports paints, whose first contentful paint has not been presented yet.
    let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
    class Observer {
      static supportedEntryTypes = ['paint'];
      constructor(cb: typeof report) {
        report = cb;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', Observer);
    const now = performance.now.bind(performance);
    vi.stubGlobal('performance', { now, getEntriesByName: () => [] });
    // A fresh copy of the module: the one above has seen this document's (absent) paint already.
    vi.resetModules();
    const fresh = (await import('./after-paint')).afterNextPaint;
    let done = false;
    void fresh().then(() => (done = true));
    frames.paint();
    frames.paint();
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(false); // frames drawn, nothing contentful on screen yet
    report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
