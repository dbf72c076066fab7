// Labels' rules, for every side: the API checks names and colours with them,
// quick add and the importer find `@label` words with them, and the Tasks
// remote draws the colours. It imports nothing, so the API and any app can
// load it (`@stride/shared/labels`). docs/architecture.md §4, "Labels".

/** The colours a label can take; each has a light and a dark token in the UI kit. */
export const LABEL_COLORS = [
  'grey',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'violet',
  'pink',
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** A new label's colour when none is chosen. */
export const DEFAULT_LABEL_COLOR: LabelColor = 'grey';

/**
 * A label's name is one word: letters, digits, `-` and `_`, so `@name` reads
 * the same in quick add, in a Todoist export and in a filter. (One character
 * class, no alternation: linear time.)
 */
export const LABEL_NAME_CHARS = '[\\p{L}\\p{N}_-]';
export const LABEL_NAME = new RegExp(`^${LABEL_NAME_CHARS}+$`, 'u');

/**
 * `@name` at the start of a word, ending at a space, punctuation or the end
 * of the line: a label in quick add and in a Todoist export's task text
 * ("email bob@example.com" has none).
 */
export const LABEL_WORD = new RegExp(`(?<=^|\\s)@(${LABEL_NAME_CHARS}+)(?=$|\\s|[,.;:!?)])`, 'gu');

/** Names compare without case: "Errand" and "errand" are one label. */
export const labelKey = (name: string) => name.toLowerCase();

export const isLabelColor = (value: string): value is LabelColor =>
  (LABEL_COLORS as readonly string[]).includes(value);
