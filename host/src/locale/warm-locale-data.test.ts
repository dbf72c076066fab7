import { describe, expect, it, rs } from '@rstest/core';
import { warmLocaleData } from './warm-locale-data';

/** A worker that does nothing until the test says it has answered or failed. */
function fakeWorker() {
  const target = new EventTarget();
  const terminate = rs.fn();
  const worker = Object.assign(target, { terminate }) as unknown as Worker;
  return { worker, terminate, emit: (type: string) => target.dispatchEvent(new Event(type)) };
}

describe('warming the locale data', () => {
  it('ends the worker once it has used Intl', () => {
    const { worker, terminate, emit } = fakeWorker();
    warmLocaleData(() => worker);
    expect(terminate).not.toHaveBeenCalled();
    emit('message');
    expect(terminate).toHaveBeenCalledTimes(1);
  });

  it('ends the worker that fails', () => {
    const { worker, terminate, emit } = fakeWorker();
    warmLocaleData(() => worker);
    emit('error');
    expect(terminate).toHaveBeenCalledTimes(1);
  });

  it('lets the app start when the browser refuses the worker', () => {
    expect(() =>
      warmLocaleData(() => {
        throw new DOMException('refused by the page’s policy', 'SecurityError');
      }),
    ).not.toThrow();
  });
});
