/** The words of every edit conflict, goals and tasks alike. */
export const CONFLICT_COPY = {
  title: (thing: string) => `This ${thing} was changed somewhere else while you were editing`,
  lead: 'Choose which version to keep.',
  mine: 'Yours',
  theirs: 'Saved',
  keepMine: 'Keep my version',
  takeTheirs: 'Use the saved version',
  empty: '(empty)',
} as const;
