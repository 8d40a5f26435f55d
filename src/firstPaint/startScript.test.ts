/**
 * SHELL_START_SCRIPT (src/kernel/shells.ts): the one inline script of a shell page, which runs the app's scripts
 * after the shell has painted. Run here as the browser runs it, with its own <script data-scripts> element as
 * document.currentScript and Paint Timing replaced by a fake the test drives.
 */
import { SHELL_SCRIPTS_ATTRIBUTE, SHELL_START_SCRIPT } from '../kernel/shells';

const FILES = ['/840.abc.js', '/main.def.js', '/layout-form.123.js', '/page-about.456.js'];

let reportPaint: (() => void) | undefined;
let observed: PerformanceObserverInit | undefined;
let disconnected = false;

class FakePaintObserver {
  constructor(private readonly callback: PerformanceObserverCallback) {}
  observe(options: PerformanceObserverInit) {
    observed = options;
    reportPaint = () => this.callback({} as PerformanceObserverEntryList, this as unknown as PerformanceObserver);
  }
  disconnect() {
    disconnected = true;
  }
}

/** The <script> elements the start script added, as [src, async]. */
const added = () =>
  [...document.body.querySelectorAll('script[src]')].map((s) => [
    s.getAttribute('src'),
    (s as HTMLScriptElement).async,
  ]);

function runStartScript() {
  const own = document.createElement('script');
  own.setAttribute(SHELL_SCRIPTS_ATTRIBUTE, FILES.join(' '));
  document.body.append(own);
  Object.defineProperty(document, 'currentScript', { value: own, configurable: true });
  new Function(SHELL_START_SCRIPT)();
  Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
}

const inOrder = FILES.map((src) => [src, false]);

describe('the shell start script', () => {
  const realObserver = globalThis.PerformanceObserver;
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '';
    reportPaint = undefined;
    observed = undefined;
    disconnected = false;
    globalThis.PerformanceObserver = FakePaintObserver as unknown as typeof PerformanceObserver;
  });
  afterEach(() => {
    jest.useRealTimers();
    globalThis.PerformanceObserver = realObserver;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('adds the scripts, in order and run in order, in the task after the first paint is reported', () => {
    runStartScript();
    expect(observed).toEqual({ type: 'paint', buffered: true });
    jest.advanceTimersByTime(500);
    expect(added()).toEqual([]);

    reportPaint!();
    expect(disconnected).toBe(true);
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(added()).toEqual(inOrder);
  });

  it('adds them only once, though the fallback timer fires as well', () => {
    runStartScript();
    reportPaint!();
    jest.advanceTimersByTime(2000);
    expect(added()).toEqual(inOrder);
  });

  it('starts after a second when no paint is reported', () => {
    runStartScript();
    jest.advanceTimersByTime(999);
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(added()).toEqual(inOrder);
    reportPaint!();
    jest.advanceTimersByTime(0);
    expect(added()).toEqual(inOrder);
  });

  it('starts at once in a tab nobody can see (it paints nothing)', () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    runStartScript();
    expect(added()).toEqual(inOrder);
  });

  it('without Paint Timing, starts in the task after the next frame', () => {
    globalThis.PerformanceObserver = class {
      observe() {
        throw new TypeError('type "paint" is not supported');
      }
    } as unknown as typeof PerformanceObserver;
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    runStartScript();
    expect(added()).toEqual([]);
    frames[0](0);
    jest.advanceTimersByTime(0);
    expect(added()).toEqual(inOrder);
  });
});
