import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { deferredModule, markPageShown, whenSettled } from './deferred-module';

afterEach(() => {
  cleanup();
  rs.useRealTimers();
});

describe('deferredModule', () => {
  it('imports once, on demand, and re-renders its users when it arrives', async () => {
    const importer = rs.fn(async () => ({ greeting: 'hello' }));
    const module = deferredModule(importer);
    function Greeting() {
      return <p>{module.useModule()?.greeting ?? 'not yet'}</p>;
    }
    render(<Greeting />);
    screen.getByText('not yet');
    expect(importer).not.toHaveBeenCalled();
    await act(() => Promise.all([module.load(), module.load()]));
    screen.getByText('hello');
    expect(importer).toHaveBeenCalledTimes(1);
  });
});

describe('whenSettled', () => {
  it('waits for the first page to be shown, then two more seconds', async () => {
    rs.useFakeTimers();
    const task = rs.fn();
    whenSettled(task);
    await rs.advanceTimersByTimeAsync(10_000);
    expect(task).not.toHaveBeenCalled();
    markPageShown();
    await rs.advanceTimersByTimeAsync(1999);
    expect(task).not.toHaveBeenCalled();
    await rs.advanceTimersByTimeAsync(2001);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
