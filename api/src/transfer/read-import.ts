// Which kind of file this is, read by its content rather than its name (a
// renamed file still imports): a JSON object is Stride's export, a CSV whose
// first line has TYPE and CONTENT is a Todoist project.
import { LIMITS } from '@stride/shared/limits';
import { emptyPlan, type ImportPlan, Problems, tooManyRecords } from './import-plan.js';
import { readStrideJson } from './read-stride-json.js';
import { type CsvContext, looksLikeTodoistCsv, readTodoistCsv } from './read-todoist-csv.js';

/** Reads in time slices (lib/time-slices.ts): a 10,000-record file never holds other requests. */
export async function readImport(text: string, context: CsvContext): Promise<ImportPlan> {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  let plan: ImportPlan;
  if (trimmed.startsWith('{')) plan = await readStrideJson(trimmed, context.today);
  else if (looksLikeTodoistCsv(trimmed)) plan = await readTodoistCsv(trimmed, context);
  else {
    const problems = new Problems();
    problems.add(
      'File',
      'This is neither a Stride export (.json) nor a Todoist project exported as CSV',
    );
    return emptyPlan(null, problems);
  }
  const records = plan.goals.length + plan.tasks.length;
  if (records > LIMITS.importRecordsMax) {
    const problems = new Problems();
    problems.add('File', tooManyRecords(records));
    return emptyPlan(plan.source, problems);
  }
  return plan;
}
