import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { type GoalTag, goalTagAt, insertGoal, suggestGoals } from './goal-tag';
import type { QuickAddGoal, QuickAddToken } from './quick-add-types';

export type GoalOption =
  | { kind: 'goal'; id: string; goal: QuickAddGoal }
  | { kind: 'create'; id: string; title: string };

export interface GoalSuggestOptions {
  listId: string;
  value: string;
  tokens: readonly QuickAddToken[];
  /** Suggestions are on only with the goals to suggest and a way to change the line. */
  goals?: readonly QuickAddGoal[];
  onTextChange?: (text: string) => void;
  /** Creates a goal of that title; resolves to it, or to undefined when it failed (said elsewhere). */
  onCreateGoal?: (title: string) => Promise<QuickAddGoal | undefined>;
}

/**
 * Goal suggestions for the `#name` at the caret, as a listbox tied to the
 * input (aria-controls, aria-activedescendant): ↓/↑ move through it, Enter
 * takes the highlighted one, Tab the highlighted or first goal, Escape
 * closes it. Nothing is highlighted until ↓ or ↑, so Enter still adds the
 * task at once. A name no goal has is offered as a new goal.
 */
export function useGoalSuggest({
  listId,
  value,
  tokens,
  goals,
  onTextChange,
  onCreateGoal,
}: GoalSuggestOptions) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const enabled = Boolean(goals && onTextChange);
  const tag = enabled && caret !== null ? goalTagAt(value, caret, tokens) : null;
  const tagKey = tag ? `${tag.start}:${tag.query}` : null;
  const options: GoalOption[] = [];
  if (tag && goals) {
    const found = suggestGoals(tag.query, goals);
    for (const goal of found.goals)
      options.push({ kind: 'goal', id: `${listId}-${goal.id}`, goal });
    if (found.create && onCreateGoal)
      options.push({ kind: 'create', id: `${listId}-new`, title: found.create });
  }
  const open = options.length > 0 && tagKey !== dismissed;
  const activeOption = open ? options[active] : undefined;

  // A new tag, or more of its name, starts with nothing highlighted.
  useLayoutEffect(() => setActive(-1), [tagKey]);
  // The caret goes after the name just written in.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (pendingCaret.current === null || !input) return;
    input.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  // The line as it is now: a goal's creation is awaited, and the user may type on meanwhile.
  const latest = useRef(value);
  latest.current = value;

  const write = (title: string, span: GoalTag | null = tag) => {
    if (!span || !onTextChange) return;
    const now = latest.current;
    // The tag was edited while the goal was being made: leave the line as typed.
    if (now.slice(span.start, span.end) !== `#${span.query}`) return;
    const next = insertGoal(now, span, title);
    pendingCaret.current = next.caret;
    onTextChange(next.text);
  };

  /** Creates the goal, then writes its name over the span (the tag at the caret by default). */
  const create = async (title: string, span: GoalTag | null = tag) => {
    if (!onCreateGoal || creating) return;
    setCreating(title);
    try {
      const goal = await onCreateGoal(title);
      if (goal) write(goal.title, span);
    } finally {
      setCreating(null);
    }
  };
  const choose = (option: GoalOption) =>
    option.kind === 'goal' ? write(option.goal.title) : create(option.title);

  /** Handles the key if the list is open and the key is its own; true when it did. */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (!open) return false;
    const last = options.length - 1;
    const take = (option: GoalOption | undefined) => {
      if (!option) return false;
      event.preventDefault();
      void choose(option);
      return true;
    };
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => (index >= last ? 0 : index + 1));
        return true;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => (index <= 0 ? last : index - 1));
        return true;
      case 'Enter':
        return take(activeOption);
      case 'Tab':
        return take(activeOption ?? options.find((option) => option.kind === 'goal'));
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        setDismissed(tagKey);
        return true;
      default:
        return false;
    }
  };

  const trackCaret = (input: HTMLInputElement) => setCaret(input.selectionStart);
  return {
    enabled,
    inputRef,
    open,
    options,
    active,
    creating,
    /** The tag being typed, if any: the field's unknown-goal hint steps aside for the list. */
    tag,
    choose,
    create,
    onKeyDown,
    inputProps: enabled
      ? {
          'aria-autocomplete': 'list' as const,
          'aria-controls': open ? listId : undefined,
          'aria-activedescendant': activeOption?.id,
          onSelect: (event: { currentTarget: HTMLInputElement }) => trackCaret(event.currentTarget),
          onBlur: () => setCaret(null),
        }
      : {},
  };
}
