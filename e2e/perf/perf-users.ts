// The visitors `pnpm perf` measures with: an onboarded user with 20 tasks
// (some due, some overdue) and three goals, and a newcomer who has signed in
// and not yet onboarded. Each is returned as the cookies their browser holds
// after signing in (the session, the release id).
import type { Browser } from '@playwright/test';
import { createGoal, createTask } from '../support/api';
import { newOnboarding, signIn } from '../support/auth';
import { HOST_URL } from '../support/env';
import type { Cookie } from './lighthouse';

const TASKS = 20;
const GOALS = ['Run a half marathon', 'Ship the launch', 'Read 12 books'];

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The onboarded user with their tasks and goals. */
export async function seedUser(browser: Browser): Promise<Cookie[]> {
  const user = await browser.newContext();
  try {
    const page = await user.newPage();
    await signIn(page, {
      email: `perf-${Date.now()}@example.test`,
      onboard: newOnboarding('Petra', 'Perf'),
    });
    const goals = [];
    for (const title of GOALS) goals.push(await createGoal(page.request, { title }));
    for (let i = 0; i < TASKS; i++) {
      await createTask(page.request, {
        title: `Task ${i + 1} of the perf run`,
        due_date: isoDay((i % 7) - 2),
        ...(i % 3 === 0 ? { goal_id: goals[i % goals.length]?.id } : {}),
      });
    }
    return await user.cookies(HOST_URL);
  } finally {
    await user.close();
  }
}

/** A user who has signed in and not yet onboarded. */
export async function seedNewcomer(browser: Browser): Promise<Cookie[]> {
  const newcomer = await browser.newContext();
  try {
    await signIn(await newcomer.newPage(), { email: `perf-new-${Date.now()}@example.test` });
    return await newcomer.cookies(HOST_URL);
  } finally {
    await newcomer.close();
  }
}
