import { describe, expect, it } from '@rstest/core';
import { readCallbackParams } from './callback-params';

describe('readCallbackParams', () => {
  it('forwards code, state and iss', () => {
    expect(readCallbackParams('?code=c1&state=s1&iss=http%3A%2F%2F127.0.0.1%3A9000')).toEqual({
      kind: 'code',
      params: { code: 'c1', state: 's1', iss: 'http://127.0.0.1:9000' },
    });
  });
  it('leaves iss out when the provider did not send it', () => {
    expect(readCallbackParams('?code=c1&state=s1')).toEqual({
      kind: 'code',
      params: { code: 'c1', state: 's1' },
    });
  });
  it('reports a provider error before anything else', () => {
    expect(readCallbackParams('?error=access_denied&state=s1')).toEqual({
      kind: 'error',
      code: 'access_denied',
    });
  });
  it('treats a missing code or state as an invalid callback', () => {
    expect(readCallbackParams('?code=c1')).toEqual({ kind: 'error', code: 'invalid_callback' });
    expect(readCallbackParams('')).toEqual({ kind: 'error', code: 'invalid_callback' });
  });
});
