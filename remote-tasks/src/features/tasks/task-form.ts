import { LIMITS } from '@stride/shared';
import { TASKS_COPY } from './copy';

/** The title as it will be saved, or the message that says why it cannot be. */
export function checkTitle(raw: string): { title: string; error?: undefined } | { error: string } {
  const title = raw.trim();
  if (!title) return { error: TASKS_COPY.titleRequired };
  if (title.length > LIMITS.titleMax) return { error: TASKS_COPY.titleTooLong };
  return { title };
}

export function checkNotes(notes: string): string | undefined {
  return notes.length > LIMITS.notesMax ? TASKS_COPY.notesTooLong : undefined;
}
