import { afterEach, describe, expect, it } from '@rstest/core';
import { fakeApi, json } from '@stride/shared/testing';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../test/render';
import { useSavedViews } from '../filters/views-data';
import { labelsQueryKey, useLabels } from './labels-data';

afterEach(cleanup);

/** Reads the lists as the Tasks page does, and counts its renders. */
function makeProbe() {
  const seen = { renders: 0 };
  function Probe() {
    seen.renders++;
    const { labels } = useLabels();
    const { views } = useSavedViews();
    return <p data-testid="probe">{`${labels.length} labels, ${views.length} views`}</p>;
  }
  return { Probe, seen };
}

describe('the lists the Tasks page reads', () => {
  it('draw the page again when their lists change, not when a fetch starts or ends', async () => {
    let labelFetches = 0;
    fakeApi({
      'GET /labels/': () => {
        labelFetches++;
        return json({ items: [] });
      },
      'GET /views/': json({ items: [] }),
    });
    const { Probe, seen } = makeProbe();
    const { client } = renderPage(<Probe />);
    await waitFor(() => expect(labelFetches).toBe(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getByTestId('probe').textContent).toBe('0 labels, 0 views');
    const before = seen.renders;

    // A refetch with the same answer (live sync, a write elsewhere) changes nothing on screen.
    // The query's news to its readers, sent in a microtask here (a timer in the app), is all in
    // when the act ends.
    notifyManager.setScheduler(queueMicrotask);
    try {
      await act(() => client.refetchQueries({ queryKey: labelsQueryKey }));
    } finally {
      notifyManager.setScheduler(defaultScheduler);
    }
    expect(labelFetches).toBe(2);
    expect(seen.renders).toBe(before);
  });
});
