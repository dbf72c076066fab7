import {
  type InputHTMLAttributes,
  type KeyboardEvent,
  type Ref,
  useCallback,
  useLayoutEffect,
  useRef,
} from 'react';
import { controlProps, FieldFrame } from '../ui/components/TextField';
import type { QuickAdd, QuickAddToken } from './quick-add-types';
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
}

/**
 * A one-line task field that shows what it understood: recognised parts are
 * highlighted in the line, and listed under it in words, each with a button
 * that keeps it as text (as do a click on the highlight and Escape, which
 * keeps the part nearest before the caret). The list is the field's
 * description, so a screen reader hears it too.
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
}: QuickAddFieldProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const { ref: outerRef, onKeyDown, onScroll, onFocus, className, ...rest } = input;
  const setRef = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof outerRef === 'function') outerRef(node);
      else if (outerRef) outerRef.current = node;
    },
    [outerRef],
  );
  const syncScroll = useCallback(() => {
    const mirror = mirrorRef.current;
    if (mirror) mirror.style.transform = `translateX(${-(inputRef.current?.scrollLeft ?? 0)}px)`;
  }, []);
  // The highlights follow the text as the input scrolls sideways.
  useLayoutEffect(syncScroll, [value, syncScroll]);

  const { tokens } = parsed;
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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

  const hint =
    tokens.length > 0 ? (
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
          className={['ui-input', 'quick-add-field__input', className].filter(Boolean).join(' ')}
          onKeyDown={keyDown}
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
