export { checkRule, describeRule, nextOccurrence, RULE_MAX_LENGTH, type RuleCheck } from './rule';
