import {
  type InputHTMLAttributes,
  type KeyboardEvent,
  type Ref,
  useCallback,
  useLayoutEffect,
  useRef,
} from 'react';
import { controlProps, FieldFrame } from '../ui/components/TextField';
import { unknownTag } from './goal-tag';
import type { QuickAdd, QuickAddGoal, QuickAddToken } from './quick-add-types';
import { type GoalOption, useGoalSuggest } from './use-goal-suggest';
import './quick-add.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value'> & {
  ref?: Ref<HTMLInputElement>;
};

interface QuickAddFieldProps {
  id: string;
  label: string;
  hideLabel?: boolean;
  error?: string;
  /** The line as typed. */
  value: string;
  parsed: QuickAdd;
  /** What each token means, in words (useQuickAdd's `meanings`). */
  meanings: readonly string[];
  /** Keep this token's text as words. */
  onKeep: (words: string) => void;
  /** The user is about to type: load the parser now if it has not come yet. */
  onWarm?: () => void;
  /** The input's own props (react-hook-form's `register`, a placeholder…). */
  input: InputProps;
  /**
   * With `goals` and `onTextChange`, typing `#` suggests goals (a listbox),
   * and with `onCreateGoal` a name no goal has is offered as a new goal.
   */
  goals?: readonly QuickAddGoal[];
  onTextChange?: (text: string) => void;
  onCreateGoal?: (title: string) => Promise<QuickAddGoal | undefined>;
}

const optionText = (option: GoalOption, creating: string | null) =>
  option.kind === 'goal'
    ? option.goal.title
    : creating === option.title
      ? `Creating goal “${option.title}”…`
      : `Create goal “${option.title}”`;

/**
 * A one-line task field that shows what it understood: recognised parts are
 * highlighted in the line, and listed under it in words, each with a button
 * that keeps it as text (as do a click on the highlight and Escape, which
 * keeps the part nearest before the caret). The list is the field's
 * description, so a screen reader hears it too. A `#` opens goal
 * suggestions (use-goal-suggest.ts), and a `#name` that is no goal is
 * offered as a new one rather than silently kept as text.
 */
export function QuickAddField({
  id,
  label,
  hideLabel,
  error,
  value,
  parsed,
  meanings,
  onKeep,
  onWarm,
  input,
  goals,
  onTextChange,
  onCreateGoal,
}: QuickAddFieldProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const { ref: outerRef, onKeyDown, onScroll, onFocus, onBlur, className, ...rest } = input;
  const { tokens } = parsed;
  const suggest = useGoalSuggest({
    listId: `${id}-goals`,
    value,
    tokens,
    goals,
    onTextChange,
    onCreateGoal,
  });
  const suggestRef = suggest.inputRef;
  const setRef = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      suggestRef.current = node;
      if (typeof outerRef === 'function') outerRef(node);
      else if (outerRef) outerRef.current = node;
    },
    [outerRef, suggestRef],
  );
  const syncScroll = useCallback(() => {
    const mirror = mirrorRef.current;
    if (mirror) mirror.style.transform = `translateX(${-(inputRef.current?.scrollLeft ?? 0)}px)`;
  }, []);
  // The highlights follow the text as the input scrolls sideways. An empty
  // field has not scrolled, and is not measured: reading `scrollLeft` lays
  // out the page, which in the commit that mounts the field is all of it.
  useLayoutEffect(() => {
    if (value) syncScroll();
    else if (mirrorRef.current) mirrorRef.current.style.transform = '';
  }, [value, syncScroll]);

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggest.onKeyDown(event)) return;
    onKeyDown?.(event);
    if (event.key !== 'Escape' || tokens.length === 0 || event.defaultPrevented) return;
    const caret = event.currentTarget.selectionStart ?? value.length;
    const before = tokens.filter((token) => token.start < caret);
    const token = before.at(-1) ?? tokens[0];
    if (!token) return;
    event.preventDefault();
    event.stopPropagation();
    onKeep(token.text);
  };

  const unknown =
    suggest.enabled && onCreateGoal && !suggest.open
      ? unknownTag(value, tokens, goals ?? [])
      : null;
  const hint =
    tokens.length > 0 || unknown ? (
      <span className="quick-add-field__parts">
        {tokens.map((token, index) => (
          <span key={`${token.kind}-${token.start}`} className="quick-add-field__part">
            <span className={`quick-add-field__swatch quick-add-field__swatch--${token.kind}`} />
            {meanings[index]}
            <button
              type="button"
              className="quick-add-field__keep"
              aria-label={`Keep “${token.text}” as text`}
              onClick={() => onKeep(token.text)}
            >
              ×
            </button>
          </span>
        ))}
        {unknown && (
          <span className="quick-add-field__part">
            “#{unknown.name}” is no goal yet
            <button
              type="button"
              className="quick-add-field__create"
              disabled={suggest.creating !== null}
              onClick={() => void suggest.create(unknown.name, { ...unknown, query: unknown.name })}
            >
              {suggest.creating === unknown.name ? 'Creating…' : `Create goal “${unknown.name}”`}
            </button>
          </span>
        )}
      </span>
    ) : undefined;

  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <div className="quick-add-field">
        <input
          {...controlProps(id, error, hint)}
          {...rest}
          ref={setRef}
          value={value}
          {...suggest.inputProps}
          className={['ui-input', 'quick-add-field__input', className].filter(Boolean).join(' ')}
          onKeyDown={keyDown}
          onBlur={(event) => {
            onBlur?.(event);
            suggest.inputProps.onBlur?.();
          }}
          onFocus={(event) => {
            onFocus?.(event);
            onWarm?.();
          }}
          onScroll={(event) => {
            onScroll?.(event);
            syncScroll();
          }}
        />
        <div className="quick-add-field__clip" aria-hidden="true">
          <div ref={mirrorRef} className="quick-add-field__mirror">
            {segments(value, tokens).map((segment) =>
              segment.token ? (
                <mark
                  key={segment.start}
                  className={`quick-add-field__mark quick-add-field__mark--${segment.token.kind}`}
                  title="Click to keep as text"
                  onMouseDown={(event) => {
                    event.preventDefault();
                    if (segment.token) onKeep(segment.token.text);
                  }}
                >
                  {segment.text}
                </mark>
              ) : (
                <span key={segment.start}>{segment.text}</span>
              ),
            )}
          </div>
        </div>
        {suggest.open && (
          <div
            id={`${id}-goals`}
            role="listbox"
            aria-label="Goals"
            className="quick-add-field__goals"
          >
            {suggest.options.map((option, index) => (
              // Focus stays in the input (aria-activedescendant); a click takes the option.
              <div
                key={option.id}
                id={option.id}
                role="option"
                tabIndex={-1}
                aria-selected={index === suggest.active}
                className={`quick-add-field__goal quick-add-field__goal--${option.kind}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void suggest.choose(option)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') void suggest.choose(option);
                }}
              >
                {optionText(option, suggest.creating)}
              </div>
            ))}
          </div>
        )}
        <span className="visually-hidden" aria-live="polite">
          {suggest.open ? `${suggest.options.length} goal suggestions: arrow down to choose.` : ''}
        </span>
      </div>
    </FieldFrame>
  );
}

interface Segment {
  start: number;
  text: string;
  token?: QuickAddToken;
}

/** The line cut at its tokens: plain runs and highlighted runs, in order. */
function segments(value: string, tokens: readonly QuickAddToken[]): Segment[] {
  const result: Segment[] = [];
  let at = 0;
  for (const token of tokens) {
    if (token.start > at) result.push({ start: at, text: value.slice(at, token.start) });
    result.push({ start: token.start, text: token.text, token });
    at = token.end;
  }
  if (at < value.length) result.push({ start: at, text: value.slice(at) });
  return result;
}
