import { describe, expect, it } from '@rstest/core';
import { localAppConfig } from '../topology';
import { contentSecurityPolicy, nginxAddHeaders, pageSecurityHeaders } from './page-headers.mjs';

/** The policy as `directive → sources`, so tests read one directive at a time. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

// Each remote and the API on an origin of its own: what the policy must name.
const LOCAL = localAppConfig({ ORIGIN_LAYOUT: 'per-app' });
const REMOTES = [
  'http://localhost:3001',
  'http://localhost:3002',
  'http://localhost:3003',
  'http://localhost:3004',
];

describe('the host page’s Content-Security-Policy', () => {
  it('allows scripts and styles from the page and each remote, connections to the API too', () => {
    const policy = directives(contentSecurityPolicy(LOCAL));
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'", ...REMOTES]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'", ...REMOTES]);
    expect(policy['connect-src']).toEqual(["'self'", 'http://localhost:8000', ...REMOTES]);
    expect(policy['img-src']).toEqual(["'self'", 'https:']);
  });

  it('names no other origin when every part is under the page’s own (the default layout)', () => {
    const policy = directives(contentSecurityPolicy(localAppConfig({})));
    expect(policy['script-src']).toEqual(["'self'", 'http://localhost:3000']);
    expect(policy['connect-src']).toEqual(["'self'", 'http://localhost:3000']);
  });

  it('refuses plugins, framing, other bases and form targets, and any inline script or eval', () => {
    const text = contentSecurityPolicy(LOCAL);
    const policy = directives(text);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(text).not.toContain('unsafe-eval');
    expect(text).not.toContain('*');
  });

  it('names origins only, once each, and adds the release store in release mode', () => {
    const policy = directives(
      contentSecurityPolicy({
        apiBase: 'https://api.stride.example/api/',
        releaseBase: 'https://cdn.stride.example/releases',
        remotes: {
          remote_goals: 'https://cdn.stride.example/releases/remote_goals/1.2.0/mf-manifest.json',
          remote_tasks: 'https://tasks.stride.example/mf-manifest.json',
          remote_auth: 'https://tasks.stride.example/auth/mf-manifest.json',
        },
      }),
    );
    const code = ["'self'", 'https://cdn.stride.example', 'https://tasks.stride.example'];
    expect(policy['script-src']).toEqual(code);
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://api.stride.example',
      ...code.slice(1),
    ]);
  });

  it('refuses a document whose URLs are not http(s), rather than write them into the policy', () => {
    expect(() =>
      contentSecurityPolicy({
        apiBase: "https://a.example; script-src 'unsafe-inline'",
        remotes: {},
      }),
    ).toThrow(/apiBase is not a URL/);
    expect(() =>
      contentSecurityPolicy({
        apiBase: 'https://a.example',
        remotes: { x: 'javascript:alert(1)' },
      }),
    ).toThrow(/remotes\.x must be an http\(s\) URL/);
    expect(() =>
      contentSecurityPolicy({ apiBase: 'https://a.example', remotes: {}, releaseBase: 'data:,' }),
    ).toThrow(/releaseBase/);
    expect(() =>
      contentSecurityPolicy({ apiBase: 'https://a.example', remotes: 'x' } as never),
    ).toThrow(/remotes must be an object/);
  });

  it('comes with the headers older browsers read beside it', () => {
    expect(pageSecurityHeaders(LOCAL)).toEqual({
      'Content-Security-Policy': contentSecurityPolicy(LOCAL),
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });
});

describe('the headers as nginx add_header lines', () => {
  it('writes each header, always, indented for a location', () => {
    expect(
      nginxAddHeaders({ 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "a 'self'" }),
    ).toBe(
      [
        '        add_header X-Frame-Options "DENY" always;',
        `        add_header Content-Security-Policy "a 'self'" always;`,
      ].join('\n'),
    );
  });

  it('refuses a value nginx would read as the end of the string or a variable', () => {
    for (const value of ['a"b', 'a$host', 'a\\b', 'a\nb']) {
      expect(() => nginxAddHeaders({ 'X-Test': value })).toThrow(/X-Test/);
    }
    expect(() => nginxAddHeaders({ 'X-Test; evil': 'a' })).toThrow();
  });
});
