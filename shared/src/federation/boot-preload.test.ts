import { describe, expect, it } from '@rstest/core';
import { bootFiles, withPreloads } from './boot-preload';

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
