import { afterEach, describe, expect, it } from '@rstest/core';
import { originsIn, preconnectToOrigins } from './preconnect';

const registry = {
  apiBase: 'https://api.example/api',
  releaseBase: 'https://cdn.example',
  apps: { remote_goals: { live: '0.1.0', canary: null, previous: [] } },
  remotes: {
    remote_auth: 'https://auth.example/mf-manifest.json',
    remote_tasks: 'https://cdn.example/remote_tasks/mf-manifest.json',
    local: '/remote_goals/mf-manifest.json',
  },
};

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preconnect"]')) link.remove();
});

describe('originsIn', () => {
  it('lists each other origin the document names once, in order', () => {
    expect(originsIn(registry, 'https://app.example')).toEqual([
      'https://api.example',
      'https://cdn.example',
      'https://auth.example',
    ]);
  });

  it('leaves out its own origin, relative paths and strings that are not URLs', () => {
    expect(
      originsIn(
        { apiBase: 'https://app.example/api', note: 'https://', remotes: { a: '/a.json' } },
        'https://app.example',
      ),
    ).toEqual([]);
    expect(originsIn(null)).toEqual([]);
  });

  it('opens at most six connections', () => {
    const many = Array.from({ length: 9 }, (_, i) => `https://r${i}.example/mf-manifest.json`);
    expect(originsIn(many, 'https://app.example')).toHaveLength(6);
  });
});

describe('preconnectToOrigins', () => {
  it('adds a cookie-bearing and an anonymous hint per origin', () => {
    preconnectToOrigins({ apiBase: 'https://api.example/api' });
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')];
    expect(links.map((link) => [link.href, link.getAttribute('crossorigin')])).toEqual([
      ['https://api.example/', null],
      ['https://api.example/', 'anonymous'],
    ]);
  });
});
