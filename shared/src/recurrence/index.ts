export { checkRule, describeRule, nextOccurrence, type RuleCheck } from './rule';
