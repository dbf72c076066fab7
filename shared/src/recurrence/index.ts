export { checkRule, nextOccurrence, type RuleCheck } from './rule';
export { ruleInWords } from './words';
