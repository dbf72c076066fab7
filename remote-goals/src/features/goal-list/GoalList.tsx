import {
  Button,
  type GoalStatus,
  getHref,
  paths,
  useNavigate,
  useNewItemRequest,
} from '@stride/shared';
import { useCallback, useState } from 'react';
import { CreateGoalForm } from '../goal-form/CreateGoalForm';
import { GOALS_COPY } from '../goals/copy';
import { GoalListBody } from './GoalListBody';
import { GoalTabs } from './GoalTabs';
import { PANEL_ID, tabId } from './goal-tabs';

const NEW_GOAL_BUTTON = 'new-goal-button';

interface GoalListProps {
  status: GoalStatus;
  onStatusChange: (status: GoalStatus) => void;
}

/** The Goals page's list view: heading, "New goal", the status tabs and their goals. */
export function GoalList({ status, onStatusChange }: GoalListProps) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // "New goal" from the command palette opens the form.
  useNewItemRequest(useCallback(() => setCreating(true), []));

  const closeForm = () => {
    setCreating(false);
    requestAnimationFrame(() => document.getElementById(NEW_GOAL_BUTTON)?.focus());
  };

  return (
    <section className="goals-page" aria-labelledby="goals-title">
      <header className="goals-page__header">
        <div>
          <h1 id="goals-title">{GOALS_COPY.title}</h1>
          <p className="goals-page__lead">{GOALS_COPY.lead}</p>
        </div>
        {!creating && (
          <Button id={NEW_GOAL_BUTTON} variant="primary" onClick={() => setCreating(true)}>
            {GOALS_COPY.newGoal}
          </Button>
        )}
      </header>
      {creating && (
        <CreateGoalForm
          onCancel={closeForm}
          onCreated={(goal) => navigate(getHref(paths.goals, { goal: goal.id }))}
        />
      )}
      <GoalTabs selected={status} onSelect={onStatusChange} />
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(status)}
        className="goal-tabs__panel"
      >
        <GoalListBody status={status} onCreate={() => setCreating(true)} />
      </div>
    </section>
  );
}
