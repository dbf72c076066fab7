import { afterEach, describe, expect, it } from '@rstest/core';
import { RemoteLoadClientSchema } from '@stride/shared/contract';
import { TELEMETRY_ID_KEY, telemetryClientId } from './telemetry-id';

/** What the API's contract takes as a browser's id. */
const accepted = (id: string) =>
  id.length >= (RemoteLoadClientSchema.minLength ?? 0) &&
  id.length <= (RemoteLoadClientSchema.maxLength ?? 0) &&
  new RegExp(RemoteLoadClientSchema.pattern ?? '$^').test(id);

afterEach(() => localStorage.clear());

describe('telemetryClientId', () => {
  it('is made once and kept, in the form the API takes', () => {
    const id = telemetryClientId();
    expect(accepted(id)).toBe(true);
    expect(localStorage.getItem(TELEMETRY_ID_KEY)).toBe(id);
    expect(telemetryClientId()).toBe(id);
  });

  it('replaces a kept value the API would refuse', () => {
    localStorage.setItem(TELEMETRY_ID_KEY, 'not an id!');
    const id = telemetryClientId();
    expect(id).not.toBe('not an id!');
    expect(accepted(id)).toBe(true);
  });

  it('still gives an id when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(accepted(telemetryClientId(blocked))).toBe(true);
  });
});
