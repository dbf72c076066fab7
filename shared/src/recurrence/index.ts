export { checkRule, nextOccurrence, occurrencesBetween, type RuleCheck } from './rule';
export { ruleInWords } from './words';
