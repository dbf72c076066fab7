// Types for run-command.mjs. Keep in step with it.
import type { ChildProcess } from 'node:child_process';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Lead a process group of its own, so a stop reaches everything it started. */
  detached?: boolean;
  /** Share this process's terminal (no lines are read). */
  inherit?: boolean;
  /** Each line of stdout and stderr, as it comes. */
  onLine?: (line: string) => void;
  /** How many of the last lines to keep; all by default. */
  keep?: number;
  /** Stops the command (its group, when detached). */
  signal?: AbortSignal;
}

export interface Finished {
  /** null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
}

export interface Started {
  child: ChildProcess;
  /** The lines kept so far (the same array `done` gives). */
  lines: string[];
  done: Promise<Finished>;
}

export function eachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void;
export function startCommand(command: string, args: string[], options?: RunOptions): Started;
export function runCommand(
  command: string,
  args: string[],
  options?: RunOptions,
): Promise<Finished>;
