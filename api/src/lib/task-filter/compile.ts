// A resolved filter as one SQL condition on selectTasks' query
// (plugins/app/task-select.ts: `tasks`, and `goals` left-joined while live).
// Every term is two-valued — true or false, never NULL — so `!` is exactly
// "not": `!due before: friday` keeps the tasks with no date, `!#Home` the
// tasks with no goal. The SQL is the same on SQLite and PostgreSQL.
import { type Expression, type SqlBool, sql } from 'kysely';
import { likePattern } from '../text.js';
import type { FilterNode } from './parse.js';
import type { ResolvedTerm } from './terms.js';

const hasDate = sql`tasks.due_date is not null`;

function termSql(term: ResolvedTerm): Expression<SqlBool> {
  switch (term.type) {
    case 'due': {
      const op = sql.raw(term.op === 'on' ? '=' : term.op === 'before' ? '<' : '>');
      return sql<SqlBool>`(${hasDate} and tasks.due_date ${op} ${term.date})`;
    }
    case 'range':
      return sql<SqlBool>`(${hasDate} and tasks.due_date >= ${term.from} and tasks.due_date <= ${term.to})`;
    case 'overdue':
      return sql<SqlBool>`(${hasDate} and tasks.due_date < ${term.today} and tasks.status <> 'done')`;
    case 'no_date':
      return sql<SqlBool>`tasks.due_date is null`;
    case 'recurring':
      return sql<SqlBool>`tasks.repeat_rule is not null`;
    case 'no_labels':
      return sql<SqlBool>`not exists (select 1 from task_labels where task_labels.task_id = tasks.id)`;
    case 'no_goal':
      return sql<SqlBool>`goals.id is null`;
    case 'done':
      return sql<SqlBool>`tasks.status = 'done'`;
    case 'open':
      return sql<SqlBool>`tasks.status <> 'done'`;
    case 'priority':
      return sql<SqlBool>`tasks.priority = ${term.priority}`;
    case 'search':
      return sql<SqlBool>`tasks.search_text like ${likePattern(term.text)} escape '\\'`;
    case 'label':
      return sql<SqlBool>`exists (select 1 from task_labels where task_labels.task_id = tasks.id and task_labels.label_id = ${term.id})`;
    case 'goal':
      return sql<SqlBool>`(tasks.goal_id is not null and tasks.goal_id in (${sql.join(term.ids)}))`;
  }
}

export function compileFilter(node: FilterNode<ResolvedTerm>): Expression<SqlBool> {
  switch (node.kind) {
    case 'term':
      return termSql(node.term);
    case 'not':
      return sql<SqlBool>`not (${compileFilter(node.item)})`;
    case 'and':
    case 'or':
      return sql<SqlBool>`(${sql.join(node.items.map(compileFilter), sql.raw(` ${node.kind} `))})`;
  }
}
