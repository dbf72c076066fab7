import { Button } from '@stride/shared';
import { useEffect, useRef } from 'react';
import { TASKS_COPY } from '../copy';

const TRIGGER_ID = 'task-shortcuts-button';

export const SHORTCUTS = [
  { key: 'n', does: 'New task' },
  { key: '/', does: 'Search tasks' },
  { key: 'j / k', does: 'Next / previous task' },
  { key: 'Alt ↑↓', does: 'Move the task in your own order' },
  { key: 'Ctrl Z', does: 'Undo the last change (⌘ Z on a Mac)' },
  { key: '?', does: 'Show these shortcuts' },
  { key: 'Esc', does: 'Close this, or cancel an edit' },
] as const;

interface ShortcutsHelpProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A button and the popover that lists the page's keyboard shortcuts. */
export function ShortcutsHelp({ open, onOpenChange }: ShortcutsHelpProps) {
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (returnFocus: boolean) => {
      onOpenChange(false);
      if (returnFocus) document.getElementById(TRIGGER_ID)?.focus();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close(true);
    const onPointer = (event: PointerEvent) =>
      root.current?.contains(event.target as Node) || close(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, onOpenChange]);

  return (
    <div className="shortcuts" ref={root}>
      <Button
        id={TRIGGER_ID}
        variant="ghost"
        size="small"
        aria-label={TASKS_COPY.shortcuts}
        aria-expanded={open}
        aria-controls="task-shortcuts"
        onClick={() => onOpenChange(!open)}
      >
        <kbd>?</kbd> <span className="shortcuts__label">{TASKS_COPY.shortcuts}</span>
      </Button>
      {open && (
        <section id="task-shortcuts" className="shortcuts__panel" aria-label={TASKS_COPY.shortcuts}>
          <h2 className="shortcuts__title">{TASKS_COPY.shortcuts}</h2>
          <dl>
            {SHORTCUTS.map((shortcut) => (
              <div key={shortcut.key} className="shortcuts__row">
                <dt>
                  <kbd>{shortcut.key}</kbd>
                </dt>
                <dd>{shortcut.does}</dd>
              </div>
            ))}
          </dl>
          <p className="shortcuts__hint">Shortcuts pause while you type in a field.</p>
        </section>
      )}
    </div>
  );
}
