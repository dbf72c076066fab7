// The command palette's contract: the host owns the palette;
// each remote may expose `./commands` whose default export is a
// CommandSource. Types only, so a remote's commands module stays tiny.

/** What a command may do when run: the host's router, nothing more. */
export interface CommandContext {
  navigate: (to: string) => void;
}

export interface PaletteCommand {
  /** Unique across the palette: `<area>.<action>`, e.g. `tasks.new`. */
  id: string;
  label: string;
  /** The heading it is listed under: "Tasks", "Goals", "Theme"… */
  group: string;
  /** Other words it answers to ("add", "create"). */
  keywords?: readonly string[];
  run: (context: CommandContext) => void | Promise<void>;
}

export interface CommandSource {
  /** Always listed, filtered by what is typed. */
  commands: readonly PaletteCommand[];
  /**
   * Commands made from the user's data (their saved views), listed like
   * `commands`: asked for each time the palette opens. A host of an earlier
   * release does not ask, and simply lists fewer.
   */
  listed?: (signal: AbortSignal) => Promise<readonly PaletteCommand[]>;
  /** Commands made from what is typed ("Search tasks for …", a goal by name). */
  search?: (query: string, signal: AbortSignal) => Promise<readonly PaletteCommand[]>;
}
