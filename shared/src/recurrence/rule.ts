// A task's repeat rule: an RFC 5545 RRULE body ("FREQ=WEEKLY;BYDAY=MO"),
// stored as text and read with rrule. Dates are floating calendar days (no
// time zone): "every month on the 31st" means the 31st wherever the user is.
import * as rruleNamespace from 'rrule';
import { LIMITS } from '../limits';

type RRuleModule = typeof rruleNamespace;
type RRule = rruleNamespace.RRule;
// Node loads rrule's UMD build, whose exports sit on `default`; bundlers load
// its ES module, which has no default (read through Reflect, so a bundler's
// static check of the namespace does not refuse it).
const { RRule, rrulestr } =
  (Reflect.get(rruleNamespace, 'default') as RRuleModule | undefined) ?? rruleNamespace;

const RULE_MAX_LENGTH = LIMITS.repeatRuleMax;

const ALLOWED_FREQ = new Set([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);
/** Parts that would make a rule fire more than once a day, or tie it to a clock. */
const SUB_DAY_PARTS = ['byhour', 'byminute', 'bysecond'] as const;

export type RuleCheck = { ok: true; rule: RRule } | { ok: false; reason: string };

const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Reads and bounds a rule: at most one occurrence a day (daily or coarser,
 * no hours or minutes), no start, end date or count of its own (the task's
 * due date anchors it; stopping is a separate action), and at least one
 * occurrence in the next ten years.
 */
export function checkRule(text: string): RuleCheck {
  if (text.length === 0 || text.length > RULE_MAX_LENGTH) {
    return { ok: false, reason: `A repeat rule has 1 to ${RULE_MAX_LENGTH} characters.` };
  }
  if (/DTSTART|UNTIL|COUNT|\n/i.test(text)) {
    return { ok: false, reason: 'A repeat rule has no start, end or count of its own.' };
  }
  let rule: RRule;
  try {
    rule = rrulestr(`RRULE:${text.replace(/^RRULE:/i, '')}`, {
      dtstart: dayOf('2000-01-01'),
    }) as RRule;
  } catch {
    return { ok: false, reason: 'That repeat rule is not one Stride understands.' };
  }
  const { freq } = rule.origOptions;
  if (freq === undefined || !ALLOWED_FREQ.has(freq)) {
    return { ok: false, reason: 'A task repeats at most once a day.' };
  }
  if (SUB_DAY_PARTS.some((part) => rule.origOptions[part] !== undefined)) {
    return { ok: false, reason: 'A task repeats at most once a day.' };
  }
  if (!nextOccurrenceOf(rule, '2000-01-01', true, '2010-01-01')) {
    return { ok: false, reason: 'That repeat rule never comes round.' };
  }
  return { ok: true, rule };
}

function nextOccurrenceOf(
  rule: RRule,
  from: string,
  inclusive: boolean,
  before?: string,
): string | null {
  const anchored = new RRule({ ...rule.origOptions, dtstart: dayOf(from) });
  const next = anchored.after(dayOf(from), inclusive);
  if (!next || (before && next >= dayOf(before))) return null;
  return isoOf(next);
}

/**
 * The first day on or after `from` (YYYY-MM-DD, or strictly after it) that
 * the rule falls on; null for a rule `checkRule` refuses.
 */
export function nextOccurrence(text: string, from: string, inclusive = true): string | null {
  const check = checkRule(text);
  return check.ok ? nextOccurrenceOf(check.rule, from, inclusive) : null;
}
