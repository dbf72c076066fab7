// Exposed as `remote_goals/commands`: what the Goals page offers the host's
// command palette: a new goal, and any goal by name.
import {
  type CommandSource,
  type Goal,
  getHref,
  goalsApi,
  LIMITS,
  newItemHref,
  paths,
} from '@stride/shared';

const GROUP = 'Goals';
/** Goals are fetched once per palette session, not per keystroke. */
const FRESH_MS = 30_000;
const SHOWN = 8;

let cached: { at: number; goals: Promise<Goal[]> } | undefined;

function goals(signal: AbortSignal): Promise<Goal[]> {
  if (!cached || Date.now() - cached.at > FRESH_MS) {
    const goals = goalsApi.list({ limit: LIMITS.pageSizeMax }, signal).then((page) => page.items);
    cached = { at: Date.now(), goals };
    // A failed or aborted read is not kept.
    goals.catch(() => {
      cached = undefined;
    });
  }
  return cached.goals;
}

const source: CommandSource = {
  commands: [
    {
      id: 'goals.new',
      label: 'New goal',
      group: GROUP,
      keywords: ['add', 'create'],
      run: ({ navigate }) => navigate(newItemHref(paths.goals)),
    },
  ],
  async search(query, signal) {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const matching = (await goals(signal)).filter((goal) => goal.title.toLowerCase().includes(q));
    return matching.slice(0, SHOWN).map((goal) => ({
      id: `goals.open.${goal.id}`,
      label: `Go to goal: ${goal.title}`,
      group: GROUP,
      run: ({ navigate }) => navigate(getHref(paths.goals, { goal: goal.id })),
    }));
  },
};

export default source;
