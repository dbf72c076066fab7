import { describe, expect, it } from '@rstest/core';
import { EARLY_CLICKS } from '../server-html';
import {
  afterPaintBoot,
  bootFiles,
  entrySrcOf,
  serverDocument,
  withPreloads,
} from './boot-preload';

const provide = (name: string) => ({
  moduleName: `provide shared module (default) ${name}@1.0.0 = /x`,
});
const consume = (name: string) => ({
  moduleName: `consume shared module (default) ${name}@^1.0.0`,
});

describe('bootFiles', () => {
  it('takes the host’s own copy of each boot singleton and the app behind the async boundary', () => {
    const files = bootFiles([
      { files: ['static/js/async/react.js'], origins: [provide('react'), consume('react')] },
      // The same module again, as a consumer's fallback: never loaded beside the host's copy.
      { files: ['static/js/async/react-fallback.js'], origins: [consume('react')] },
      {
        files: ['static/js/async/app.js', 'static/css/async/app.css'],
        origins: [{ moduleName: './src/index.tsx', request: './bootstrap' }],
      },
      // Loaded on intent, not at boot.
      { files: ['static/js/async/radix.js'], origins: [provide('@radix-ui/react-dropdown-menu')] },
      // A page loaded later by the app, not by the boundary.
      {
        files: ['static/js/async/palette.js'],
        origins: [{ moduleName: './src/app/App.tsx', request: './palette' }],
      },
      // A deep import shared on its own; its source map is no boot file.
      {
        files: ['static/js/async/client.js', 'static/js/async/client.js.map'],
        origins: [provide('react-dom/client')],
      },
    ]);
    expect(files).toEqual([
      'static/js/async/react.js',
      'static/js/async/app.js',
      'static/css/async/app.css',
      'static/js/async/client.js',
    ]);
  });

  it('does not mistake a package whose name starts like a boot singleton’s', () => {
    expect(bootFiles([{ files: ['x.js'], origins: [provide('react-dom-extra')] }])).toEqual([]);
  });
});

describe('withPreloads', () => {
  it('puts the entry’s script first, at high priority, then the deployment document and each file under the public path', () => {
    const html =
      '<head><title>Stride</title><script defer src="/static/js/index.js"></script></head>';
    expect(withPreloads(html, '/host/1.2.0/', ['static/js/a.js', 'static/css/b.css'])).toBe(
      '<head><title>Stride</title>' +
        '<script fetchpriority="high" defer src="/static/js/index.js"></script>' +
        '<link rel="preload" as="fetch" crossorigin href="/app-config.json">' +
        '<link rel="preload" as="script" href="/host/1.2.0/static/js/a.js">' +
        '<link rel="preload" as="style" href="/host/1.2.0/static/css/b.css">' +
        '</head>',
    );
  });

  it('refuses HTML without the entry script rather than drop the preloads silently', () => {
    expect(() => withPreloads('<head></head>', '/', ['a.js'])).toThrow(/no script/);
  });
});

describe('serverDocument', () => {
  const html =
    '<head><title>Stride</title><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body>';

  it('applies the boot style sheets at once and boots through the after-paint script, with no preload before the paint', () => {
    expect(
      serverDocument(
        html,
        '/',
        ['static/js/a.js', 'static/css/b.css'],
        '/static/js/after-paint.1.js',
      ),
    ).toBe(
      '<head><title>Stride</title>' +
        '<link rel="stylesheet" href="/static/css/b.css">' +
        '<script defer src="/static/js/after-paint.1.js"></script>' +
        '</head><body><div id="root"></div></body>',
    );
  });

  it('reads the entry it replaces', () => {
    expect(entrySrcOf(html)).toBe('/static/js/index.js');
    expect(() => entrySrcOf('<script></script>')).toThrow(/no src/);
  });
});

describe('afterPaintBoot', () => {
  it('adds the entry and the preloads to the head once the page has painted, in their modes', () => {
    const source = afterPaintBoot('/static/js/index.js', [
      { href: '/app-config.json', as: 'fetch' },
      { href: '/static/js/a.js', as: 'script' },
    ]);
    const timers: { callback: () => void; ms: number }[] = [];
    let paints: ((list: { getEntries: () => { name: string }[] }) => void) | undefined;
    const added: Record<string, unknown>[] = [];
    const element = (tag: string) => {
      const node: Record<string, unknown> = {
        tag,
        setAttribute: (name: string, value: string) => {
          node[name] = value;
        },
      };
      return node;
    };
    const document = {
      visibilityState: 'visible',
      head: { appendChild: (node: Record<string, unknown>) => added.push(node) },
      createElement: element,
      addEventListener: () => {},
      documentElement: { style: {} },
    };
    class FakeObserver {
      constructor(callback: typeof paints) {
        paints = callback;
      }
      observe() {}
      disconnect() {}
    }
    new Function('document', 'window', 'Element', 'PerformanceObserver', 'setTimeout', source)(
      document,
      {},
      class {},
      FakeObserver,
      (callback: () => void, ms: number) => timers.push({ callback, ms }),
    );
    // Only the three-second safety net is set; a first paint without content starts nothing.
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    paints?.({ getEntries: () => [{ name: 'first-paint' }] });
    expect(timers).toHaveLength(1);
    paints?.({ getEntries: () => [{ name: 'first-contentful-paint' }] });
    expect(added).toEqual([]);
    timers[1]?.callback();
    // The entry and the first preload at once; each further request in a task of its own.
    expect(added).toHaveLength(2);
    for (let i = 2; i < timers.length; i++) timers[i]?.callback();
    expect(timers.slice(2).map((timer) => timer.ms)).toEqual([0, 0]);
    expect(
      added.map((node) => [
        node.tag,
        node.src ?? node.href,
        node.as ?? null,
        node.crossOrigin ?? null,
      ]),
    ).toEqual([
      ['script', '/static/js/index.js', null, null],
      ['link', '/app-config.json', 'fetch', 'anonymous'],
      ['link', '/static/js/a.js', 'script', null],
    ]);
    expect(added[0]?.fetchpriority).toBe('high');
    timers[0]?.callback(); // the safety net, later: nothing twice
    expect(added).toHaveLength(3);
  });
});

describe('afterPaintBoot, before the app has taken the page over', () => {
  class FakeElement {
    constructor(
      readonly type: string,
      readonly inRoot: boolean,
    ) {}
    closest() {
      return this.type === 'a' ? null : this;
    }
  }

  function boot() {
    const listeners = new Map<string, (event: unknown) => void>();
    const page = {
      document: {
        visibilityState: 'hidden',
        head: { appendChild: () => {} },
        createElement: () => ({ setAttribute: () => {} }),
        addEventListener: (type: string, handler: (event: unknown) => void) => {
          listeners.set(type, handler);
        },
        removeEventListener: (type: string) => {
          listeners.delete(type);
        },
        getElementById: () => ({ contains: (node: FakeElement) => node.inRoot }),
        documentElement: { style: { cursor: '' } },
      },
      window: {} as Record<string, () => unknown>,
    };
    new Function(
      'document',
      'window',
      'Element',
      'PerformanceObserver',
      'setTimeout',
      afterPaintBoot('/i.js', []),
    )(page.document, page.window, FakeElement, undefined, () => {});
    const dispatch = (type: string, target: FakeElement) => {
      const event = {
        target,
        prevented: false,
        preventDefault() {
          this.prevented = true;
        },
        stopPropagation() {},
      };
      listeners.get(type)?.(event);
      return event.prevented;
    };
    const press = (target: FakeElement) => dispatch('click', target);
    const send = (form: FakeElement) => dispatch('submit', form);
    return { page, press, send, take: () => page.window[EARLY_CLICKS]?.() };
  }

  it('holds the last press of a button in the page, and hands it over once', () => {
    const { page, press, take } = boot();
    const first = new FakeElement('button', true);
    const second = new FakeElement('button', true);
    expect(press(first)).toBe(true);
    expect(press(second)).toBe(true);
    expect(page.document.documentElement.style.cursor).toBe('progress');
    expect(take()).toBe(second);
    expect(page.document.documentElement.style.cursor).toBe('');
    expect(press(first)).toBe(false); // the app has it now
    expect(take()).toBeNull();
  });

  it('holds a form’s submit button too: sent without the app, the form would reload the page', () => {
    const { press, send, take } = boot();
    const add = new FakeElement('submit', true);
    expect(press(add)).toBe(true);
    expect(send(new FakeElement('form', true))).toBe(true);
    expect(take()).toBe(add);
    expect(send(new FakeElement('form', true))).toBe(false); // the app has it now
  });

  it('lets links and anything outside the page work as they do without script', () => {
    const { press, send, take } = boot();
    expect(press(new FakeElement('a', true))).toBe(false);
    expect(press(new FakeElement('button', false))).toBe(false);
    expect(send(new FakeElement('form', false))).toBe(false);
    expect(take()).toBeNull();
  });
});
