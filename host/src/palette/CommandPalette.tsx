import { type CommandSource, logError, type PaletteCommand, useAuthStore } from '@stride/shared';
import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { hostCommands } from './host-commands';
import { matchCommands } from './match';
import { usePaletteStore } from './palette-store';
import { loadCommandSources } from './remote-commands';
import './palette.css';

const SEARCH_DELAY_MS = 120;
/** One empty list, so a render without sources does not look like a change. */
const NO_SOURCES: readonly CommandSource[] = [];
const NO_RESULTS: PaletteCommand[] = [];

/** What every source that can search made of one query: one search per query, shared. */
function useSearch(sources: readonly CommandSource[]) {
  const searches = useRef(new Map<string, Promise<PaletteCommand[]>>());
  // Other sources give other answers: start again when they change.
  useEffect(() => {
    searches.current = new Map();
  }, [sources]);
  return useCallback(
    (query: string): Promise<PaletteCommand[]> => {
      const known = searches.current.get(query);
      if (known) return known;
      const controller = new AbortController();
      const search = Promise.all(
        sources.map((source) =>
          source.search
            ? source.search(query, controller.signal).catch((error: unknown) => {
                logError('A palette search failed', error);
                return [];
              })
            : [],
        ),
      ).then((lists) => lists.flat());
      searches.current.set(query, search);
      return search;
    },
    [sources],
  );
}

/**
 * Search results for `query` once typing pauses, and for whatever query
 * Enter meets before they arrive (`resultsFor` says which query they are of).
 */
function useSearchResults(sources: readonly CommandSource[], query: string) {
  const search = useSearch(sources);
  const [found, setFound] = useState<{ query: string; results: PaletteCommand[] }>({
    query: '',
    results: NO_RESULTS,
  });
  useEffect(() => {
    if (!query.trim()) {
      setFound({ query, results: NO_RESULTS });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void search(query).then((results) => {
        if (current) setFound({ query, results });
      });
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, query]);
  return { results: found.query === query ? found.results : NO_RESULTS, search };
}

/**
 * Each source's `listed` commands (made from the user's data), asked for
 * afresh every time the palette opens; a source that fails lists none.
 */
function useListedCommands(sources: readonly CommandSource[], open: boolean) {
  const [listed, setListed] = useState<readonly PaletteCommand[]>(NO_RESULTS);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void Promise.all(
      sources.map((source) =>
        source.listed
          ? source.listed(controller.signal).catch((error: unknown) => {
              if (!controller.signal.aborted) logError('Palette commands did not load', error);
              return NO_RESULTS;
            })
          : NO_RESULTS,
      ),
    ).then((lists) => {
      if (!controller.signal.aborted) setListed(lists.flat());
    });
    return () => controller.abort();
  }, [sources, open]);
  return listed;
}

/**
 * The command palette: one, owned by the host. The shell's own
 * commands are there at once; each remote's (`./commands`) join as they
 * load, and a remote that is down is simply absent. A combobox over a
 * listbox: type to filter, ↑/↓ to choose, Enter to run, Escape to close.
 */
const NO_COMMANDS: PaletteCommand[] = [];

export function CommandPalette() {
  const open = usePaletteStore((state) => state.open);
  const setOpen = usePaletteStore((state) => state.setOpen);
  const signedIn = useAuthStore((state) => state.user !== null);
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [sources, setSources] = useState<CommandSource[]>([]);
  const listId = useId();
  const statusId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      setQuery('');
      setActive(0);
      element.showModal();
      input.current?.focus();
      if (signedIn) {
        void loadCommandSources((source) =>
          setSources((current) => (current.includes(source) ? current : [...current, source])),
        );
      }
    }
    if (!open && element.open) element.close();
  }, [open, signedIn]);

  const available = signedIn ? sources : NO_SOURCES;
  const { results: searched, search } = useSearchResults(available, query);
  const listed = useListedCommands(available, open);
  const matched = useMemo(() => {
    const all = [
      ...hostCommands(signedIn),
      ...available.flatMap((source) => source.commands),
      ...listed,
    ];
    return matchCommands(all, query);
  }, [signedIn, available, listed, query]);
  // Closed, it lists nothing: the first render of every page (and the
  // hydration of one sent as HTML) draws no options nobody sees.
  const commands = useMemo(
    () => (open ? [...matched, ...searched] : NO_COMMANDS),
    [open, matched, searched],
  );
  const current = Math.min(active, Math.max(0, commands.length - 1));

  const close = useCallback(() => setOpen(false), [setOpen]);
  const run = (command: PaletteCommand | undefined) => {
    if (!command) return;
    close();
    Promise.resolve(command.run({ navigate })).catch((error: unknown) =>
      logError(`The command "${command.label}" failed`, error),
    );
  };

  // Options never hold focus; should one get it, keys go back to the input.
  const onOptionKey = () => input.current?.focus();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = commands.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(0, moves[event.key] ?? 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (commands[current] || !query.trim()) run(commands[current]);
      // Enter before the search of what was typed came back: it acts on that
      // search's first result, not on nothing.
      else void search(query).then((results) => run([...matched, ...results][current]));
    }
  };

  useEffect(() => {
    document.getElementById(`${listId}-${current}`)?.scrollIntoView({ block: 'nearest' });
  }, [listId, current]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a native dialog closes on Escape; this adds a click on its backdrop
    <dialog
      ref={dialog}
      className="palette"
      aria-label="Command palette"
      onClose={() => {
        // The close event comes a task after close(): by then a quick Ctrl-K may
        // have opened the dialog again, and that event must not shut it.
        if (dialog.current?.open) return;
        close();
        returnFocus.current?.focus();
      }}
      onClick={(event) => event.target === dialog.current && close()}
    >
      <input
        ref={input}
        className="palette__input"
        role="combobox"
        aria-label="Command"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={commands.length > 0 ? `${listId}-${current}` : undefined}
        aria-describedby={statusId}
        placeholder="Type a command or search…"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label="Commands" className="palette__list">
        {commands.map((command, index) => (
          // Focus stays in the input (aria-activedescendant); a click runs the option.
          <div
            key={command.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === current}
            className="palette__option"
            onMouseMove={() => index !== current && setActive(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(command)}
            onKeyDown={onOptionKey}
          >
            <span className="palette__label">{command.label}</span>
            <span className="palette__group">{command.group}</span>
          </div>
        ))}
      </div>
      <p id={statusId} className="palette__status" role="status">
        {commands.length === 0
          ? 'No commands match.'
          : `${commands.length} command${commands.length === 1 ? '' : 's'}.`}
      </p>
    </dialog>
  );
}
