import { afterEach, describe, expect, it, rs } from '@rstest/core';
import {
  applyTheme,
  readPreference,
  resolveTheme,
  watchSystemTheme,
  writePreference,
  writeThemeCookie,
} from './theme';

afterEach(() => {
  localStorage.clear();
  rs.unstubAllGlobals();
});

describe('theme preference', () => {
  it('reads the plain string under "theme", defaulting to auto', () => {
    expect(readPreference()).toBe('auto');
    localStorage.setItem('theme', 'dark');
    expect(readPreference()).toBe('dark');
    localStorage.setItem('theme', '"dark"'); // JSON is not the format
    expect(readPreference()).toBe('auto');
  });

  it('survives blocked storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readPreference(blocked)).toBe('auto');
    expect(() => writePreference('dark', blocked)).not.toThrow();
  });

  it('writes the plain value', () => {
    writePreference('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

describe('writeThemeCookie', () => {
  it('names a chosen theme for the server, and clears it for auto', () => {
    const jar = { cookie: '' };
    writeThemeCookie('dark', jar);
    expect(jar.cookie).toMatch(/^stride_theme=dark; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    writeThemeCookie('auto', jar);
    expect(jar.cookie).toBe('stride_theme=; Path=/; Max-Age=0; SameSite=Lax');
  });
});

describe('resolveTheme', () => {
  it('follows the system only in auto', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('applyTheme', () => {
  it('sets data-theme and color-scheme on the root element', () => {
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });
});

describe('watchSystemTheme', () => {
  it('reports system changes until unsubscribed', () => {
    let listener: ((event: { matches: boolean }) => void) | undefined;
    const query = {
      matches: false,
      addEventListener: (_: string, l: typeof listener) => {
        listener = l;
      },
      removeEventListener: () => {
        listener = undefined;
      },
    };
    rs.stubGlobal('matchMedia', () => query);
    const seen: boolean[] = [];
    const stop = watchSystemTheme((dark) => seen.push(dark));
    listener?.({ matches: true });
    stop();
    listener?.({ matches: false });
    expect(seen).toEqual([true]);
  });
});
