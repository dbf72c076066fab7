// One way to run a child process and read its output by lines, for the
// repository's tools (the release CLI here, scripts/'s start-up, builds and
// skew matrix). Plain JavaScript, so `node scripts/*.mjs` can use it without
// tsx; the types are in run-command.d.mts.
import { spawn } from 'node:child_process';

/**
 * Calls `onLine` with each line of a text stream, a chunk's partial last line
 * joined to the next chunk, and a last line without "\n" when the stream ends.
 */
export function eachLine(stream, onLine) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => {
    if (rest) onLine(rest);
  });
}

/** Stops the child, or its whole process group when it leads one. */
function stop(child, detached) {
  try {
    if (detached && child.pid) process.kill(-child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
  } catch {
    // Already gone.
  }
}

/**
 * Starts `command`. Its stdout and stderr lines go to `onLine` and are kept
 * (the last `keep` of them) in `lines`; `done` settles when it has exited and
 * its output is read, and rejects only when it could not start.
 */
export function startCommand(command, args, options = {}) {
  const { cwd, env, detached = false, inherit = false, onLine, keep = Infinity, signal } = options;
  const child = spawn(command, args, {
    cwd,
    env,
    detached,
    stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const take = (line) => {
    lines.push(line);
    if (lines.length > keep) lines.shift();
    onLine?.(line);
  };
  if (child.stdout) eachLine(child.stdout, take);
  if (child.stderr) eachLine(child.stderr, take);
  const abort = () => stop(child, detached);
  signal?.addEventListener('abort', abort, { once: true });
  const done = new Promise((resolve, reject) => {
    child.once('error', reject);
    // 'close', not 'exit': every line has been read by then.
    child.once('close', (code, exitSignal) => resolve({ code, signal: exitSignal, lines }));
  }).finally(() => signal?.removeEventListener('abort', abort));
  return { child, lines, done };
}

/** Runs `command` to its end: its exit and its output's lines. */
export function runCommand(command, args, options = {}) {
  return startCommand(command, args, options).done;
}
