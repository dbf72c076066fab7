import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { fakeApi, json } from '@stride/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeGoal, page } from '../../test/fixtures';
import { renderGoalsPage, resetPage } from '../../test/render-page';

afterEach(() => {
  resetPage();
  rs.unstubAllGlobals();
});

const original = makeGoal({ title: 'Learn Spanish', description: 'Evenings', version: 3 });
const conflict = (current: typeof original) =>
  json({ error: 'Changed elsewhere', code: 'version_conflict', current }, 409);
/** The goal as the server holds it: a GET answers the latest, a PATCH reply updates it. */
function goalServer(replies: (typeof original | 'conflict')[], conflictWith?: typeof original) {
  let latest = original;
  return {
    'GET /goals/g1/': () => json({ goal: latest }),
    'GET /tasks/?goal_id=g1&limit=50': json(page([])),
    'PATCH /goals/g1/': replies.map((reply) => () => {
      if (reply === 'conflict' && conflictWith) {
        latest = conflictWith;
        return conflict(conflictWith);
      }
      latest = reply as typeof original;
      return json({ goal: latest });
    }),
  };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function editTitle(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Learn Spanish' }));
  fireEvent.change(input('Title'), { target: { value: title } });
  fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
}

describe('EditGoalForm', () => {
  it('saves the edit on the version it was based on', async () => {
    const saved = { ...original, title: 'Learn Spanish to B2', version: 4 };
    const api = fakeApi({
      'GET /goals/g1/': [json({ goal: original }), json({ goal: saved })],
      'GET /tasks/?goal_id=g1&limit=50': json(page([])),
      'PATCH /goals/g1/': json({ goal: saved }),
    });
    renderGoalsPage('/goals?goal=g1');
    await editTitle('Learn Spanish to B2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learn Spanish to B2' }),
    ).toBeTruthy();
    expect(api.callsTo('PATCH /goals/g1/')[0]?.body).toEqual({
      title: 'Learn Spanish to B2',
      description: 'Evenings',
      target_date: null,
      version: 3,
    });
  });

  it('on a conflict shows both versions; "Keep my version" saves mine on the current version', async () => {
    const theirs = { ...original, title: 'Learn Portuguese', version: 4 };
    const api = fakeApi(
      goalServer(['conflict', { ...theirs, title: 'Learn Spanish, B2', version: 5 }], theirs),
    );
    renderGoalsPage('/goals?goal=g1');
    await editTitle('Learn Spanish, B2');
    const panel = await screen.findByRole('alert');
    expect(
      within(panel).getByText('This goal was changed somewhere else while you were editing'),
    ).toBeTruthy();
    within(panel).getByText('Learn Spanish, B2');
    within(panel).getByText('Learn Portuguese');
    expect(input('Title').value).toBe('Learn Spanish, B2');
    fireEvent.click(within(panel).getByRole('button', { name: 'Keep my version' }));
    await waitFor(() => expect(api.callsTo('PATCH /goals/g1/')).toHaveLength(2));
    expect(api.callsTo('PATCH /goals/g1/')[1]?.body).toMatchObject({
      title: 'Learn Spanish, B2',
      version: 4,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learn Spanish, B2' }),
    ).toBeTruthy();
  });

  it('"Use the saved version" puts the saved values in the form, keeping my other changes', async () => {
    const theirs = { ...original, title: 'Learn Portuguese', version: 4 };
    const api = fakeApi({
      'GET /goals/g1/': json({ goal: original }),
      'GET /tasks/?goal_id=g1&limit=50': json(page([])),
      'PATCH /goals/g1/': conflict(theirs),
    });
    renderGoalsPage('/goals?goal=g1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Learn Spanish' }));
    fireEvent.change(input('Title'), { target: { value: 'Spanish' } });
    fireEvent.change(input('Description (optional)'), { target: { value: 'Weekends' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use the saved version' }));
    expect(input('Title').value).toBe('Learn Portuguese');
    expect(input('Description (optional)').value).toBe('Weekends');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('PATCH /goals/g1/')).toHaveLength(1);
  });

  it('merges an edit of other fields by itself, keeping theirs and mine', async () => {
    const theirs = { ...original, title: 'Learn Spanish (B2)', version: 4 };
    const api = fakeApi(
      goalServer(['conflict', { ...theirs, description: 'Weekends', version: 5 }], theirs),
    );
    renderGoalsPage('/goals?goal=g1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Learn Spanish' }));
    fireEvent.change(input('Description (optional)'), { target: { value: 'Weekends' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH /goals/g1/')).toHaveLength(2));
    expect(api.callsTo('PATCH /goals/g1/')[1]?.body).toEqual({
      title: 'Learn Spanish (B2)',
      description: 'Weekends',
      target_date: null,
      version: 4,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learn Spanish (B2)' }),
    ).toBeTruthy();
  });
});
