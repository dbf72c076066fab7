// The row of a new goal, written by the goal service and by the import: it
// sits below them both so the import reads no service (docs/architecture.md §10).
import { randomUUID } from 'node:crypto';
import type { GoalStatus } from '@stride/shared/contract';
import type { GoalRow } from '../db/schema.js';

/** A new goal as created here or brought in by an import; times default to `now`. */
export interface NewGoal {
  title: string;
  description: string | null;
  status: GoalStatus;
  target_date: string | null;
  created_at?: string | null;
  updated_at?: string | null;
}

export function newGoalRow(userId: string, now: string, goal: NewGoal): GoalRow {
  return {
    id: randomUUID(),
    user_id: userId,
    title: goal.title,
    description: goal.description,
    status: goal.status,
    target_date: goal.target_date,
    version: 1,
    created_at: goal.created_at ?? now,
    updated_at: goal.updated_at ?? now,
    deleted_at: null,
  };
}
