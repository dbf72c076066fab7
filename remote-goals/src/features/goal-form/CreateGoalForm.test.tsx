import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { COPY, MESSAGES } from '@stride/shared';
import { fakeApi, json, networkError } from '@stride/shared/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeGoal, page } from '../../test/fixtures';
import { renderGoalsPage, resetPage, searchOf } from '../../test/render-page';
import { GOALS_COPY } from '../goals/copy';

afterEach(() => {
  resetPage();
  rs.unstubAllGlobals();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: GOALS_COPY.newGoal }));
  fireEvent.change(input('Title'), { target: { value: 'Learn Spanish' } });
  fireEvent.change(input('Description (optional)'), { target: { value: 'Reach B2' } });
  fireEvent.change(input('Target date (optional)'), { target: { value: '2099-01-31' } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create goal' }));

describe('CreateGoalForm', () => {
  it('checks the title before sending anything, and focuses it', async () => {
    const api = fakeApi({ 'GET /goals/?status=active': json(page([])) });
    renderGoalsPage();
    await openForm();
    fireEvent.change(input('Title'), { target: { value: '   ' } });
    submit();
    // react-hook-form checks asynchronously.
    await screen.findByText('Give the goal a title.');
    expect(document.activeElement).toBe(input('Title'));
    expect(input('Title').getAttribute('aria-invalid')).toBe('true');
    expect(input('Description (optional)').value).toBe('Reach B2');
    expect(api.callsTo('POST /goals/')).toHaveLength(0);
  });

  it('puts the API’s field errors under their fields and keeps everything typed', async () => {
    fakeApi({
      'GET /goals/?status=active': json(page([])),
      'POST /goals/': json(
        { error: 'Invalid input', code: 'invalid', fields: { target_date: 'Must be a date' } },
        400,
      ),
    });
    renderGoalsPage();
    await openForm();
    submit();
    await screen.findByText('Must be a date');
    expect(screen.getByRole('alert').textContent).toBe(COPY.fixFields);
    expect(input('Title').value).toBe('Learn Spanish');
    expect(input('Description (optional)').value).toBe('Reach B2');
    expect(input('Target date (optional)').value).toBe('2099-01-31');
  });

  it('says when the server cannot be reached, keeps the input, and saves on a retry', async () => {
    const created = makeGoal({ id: 'g9', title: 'Learn Spanish' });
    const api = fakeApi({
      'GET /goals/?status=active': json(page([])),
      'POST /goals/': [networkError(), json({ goal: created }, 201)],
      'GET /goals/g9/': json({ goal: created }),
      'GET /tasks/?goal_id=g9&limit=50': json(page([])),
    });
    const { router } = renderGoalsPage();
    await openForm();
    submit();
    await screen.findByText(MESSAGES.networkError);
    expect(input('Title').value).toBe('Learn Spanish');
    submit();
    await waitFor(() => expect(searchOf(router)).toBe('?goal=g9'));
    expect(api.callsTo('POST /goals/')[1]?.body).toEqual({
      title: 'Learn Spanish',
      description: 'Reach B2',
      target_date: '2099-01-31',
    });
    await screen.findByRole('heading', { level: 1, name: 'Learn Spanish' });
  });
});
