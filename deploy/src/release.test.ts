import { describe, expect, it } from '@rstest/core';
import { describeBuild } from './release';

describe('release.json', () => {
  it('records exposed modules and singleton versions from the build’s manifest', () => {
    const manifest = {
      exposes: [{ name: 'GoalsPage', path: './GoalsPage' }],
      shared: [
        { name: 'react', version: '19.3.1', singleton: true },
        { name: 'react/jsx-runtime', version: '19.3.1', singleton: null },
        { name: '@stride/shared', version: '0.1.0', singleton: true },
      ],
    };
    expect(describeBuild(manifest)).toEqual({
      exposes: ['./GoalsPage'],
      singletons: { '@stride/shared': '0.1.0', react: '19.3.1' },
    });
    expect(describeBuild({})).toEqual({ exposes: [], singletons: {} });
  });
});
