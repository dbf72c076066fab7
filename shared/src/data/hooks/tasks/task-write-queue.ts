import type { Task } from '../../types';

/**
 * Bookkeeping for optimistic task updates, per task:
 * - writes to one task go to the server one at a time, in order;
 * - a write queued behind our own earlier write is rebased on the version
 *   that write produced (it was based on what the user saw, which included
 *   it), so a quick double toggle is not a false conflict; a change made
 *   anywhere else still answers 409;
 * - while writes are pending, the last confirmed record plus the fields of
 *   the writes still pending is what the list should show, so a rollback or
 *   a late answer never erases a newer optimistic change.
 */
interface Pending {
  token: number;
  fields: Partial<Task>;
}

interface TaskWrites {
  chain: Promise<unknown>;
  pending: Pending[];
  confirmed: Task | undefined;
  /** version sent → version the server answered, for our own successful writes. */
  versions: Map<number, number>;
}

const writes = new Map<string, TaskWrites>();
let nextToken = 1;

function stateOf(id: string): TaskWrites {
  let state = writes.get(id);
  if (!state) {
    state = { chain: Promise.resolve(), pending: [], confirmed: undefined, versions: new Map() };
    writes.set(id, state);
  }
  return state;
}

/** Registers an optimistic write; `current` is the record before it, if cached. */
export function beginWrite(id: string, fields: Partial<Task>, current: Task | undefined): number {
  const state = stateOf(id);
  if (state.pending.length === 0) state.confirmed = current;
  const token = nextToken++;
  state.pending.push({ token, fields });
  return token;
}

export function endWrite(id: string, token: number): void {
  const state = stateOf(id);
  state.pending = state.pending.filter((write) => write.token !== token);
}

/** Runs `send` after every earlier write to the same task has settled. */
export function runInOrder<T>(id: string, send: () => Promise<T>): Promise<T> {
  const state = stateOf(id);
  const run = state.chain.then(send, send);
  state.chain = run.catch(() => undefined);
  return run;
}

/** The version to send: `base`, moved past every write of ours that followed it. */
export function resolveVersion(id: string, base: number): number {
  const { versions } = stateOf(id);
  let version = base;
  for (let hops = 0; versions.has(version) && hops < 1000; hops++)
    version = versions.get(version) ?? version;
  return version;
}

export function recordVersion(id: string, sent: number, answered: number): void {
  if (answered !== sent) stateOf(id).versions.set(sent, answered);
}

/** Stores the server's word on the task (an answer, or the current record of a 409). */
export function confirm(id: string, record: Task): void {
  stateOf(id).confirmed = record;
}

export function confirmedRecord(id: string): Task | undefined {
  return writes.get(id)?.confirmed;
}

/** `record` with the fields of every other pending write applied on top, oldest first. */
export function withPending(id: string, record: Task, exceptToken: number): Task {
  const others = stateOf(id).pending.filter((write) => write.token !== exceptToken);
  return Object.assign({}, record, ...others.map((write) => write.fields));
}

/** Forgets every task's writes: the user changed (and between tests). */
export function resetTaskWrites(): void {
  writes.clear();
}
