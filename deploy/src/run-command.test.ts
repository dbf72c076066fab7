import { existsSync, readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@rstest/core';
import { eachLine, runCommand, startCommand } from './run-command.mjs';

/** A process's state on Linux: 'gone', or its /proc letter (Z for exited, not yet reaped). */
const stateOf = (pid: number) => {
  const stat = `/proc/${pid}/stat`;
  return existsSync(stat) ? (readFileSync(stat, 'utf8').split(') ')[1]?.[0] ?? '') : 'gone';
};

/**
 * A node process running `code`. Its output is written as plain strings:
 * `console.log` of a number is coloured when the runner's environment sets
 * FORCE_COLOR (as CI's does), which would change the lines under test.
 */
const node = (code: string) => [process.execPath, ['-e', code]] as const;

describe('eachLine', () => {
  it('joins lines split across chunks and gives the unterminated last line at the end', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    eachLine(stream, (line) => lines.push(line));
    stream.write('one\ntw');
    stream.write('o\n\nthr');
    stream.end('ee');
    await new Promise((resolve) => stream.on('end', resolve));
    expect(lines).toEqual(['one', 'two', '', 'three']);
  });
});

describe('runCommand', () => {
  it('gives the lines of stdout and stderr, each as it comes, and the exit code', async () => {
    const seen: string[] = [];
    const [command, args] = node(
      "process.stdout.write('out 1\\nout'); setTimeout(() => { process.stdout.write(' 2\\n'); console.error('err'); process.exitCode = 3 }, 20)",
    );
    const done = await runCommand(command, [...args], { onLine: (line) => seen.push(line) });
    expect(done).toEqual({ code: 3, signal: null, lines: ['out 1', 'out 2', 'err'] });
    expect(seen).toEqual(['out 1', 'out 2', 'err']);
  });

  it('keeps only the last lines it was asked to', async () => {
    const [command, args] = node('for (let i = 1; i <= 5; i++) console.log(String(i))');
    const { lines } = await runCommand(command, [...args], { keep: 2 });
    expect(lines).toEqual(['4', '5']);
  });

  it('runs in the folder and environment given', async () => {
    const [command, args] = node('console.log(process.cwd(), process.env.RUN_COMMAND_TEST)');
    const { lines } = await runCommand(command, [...args], {
      cwd: '/',
      env: { ...process.env, RUN_COMMAND_TEST: 'yes' },
    });
    expect(lines).toEqual(['/ yes']);
  });

  it('rejects when the command cannot start', async () => {
    await expect(runCommand('./no-such-command', [])).rejects.toThrow(/ENOENT/);
  });

  it('stops a detached command and everything it started when aborted', async () => {
    const controller = new AbortController();
    const [command, args] = node(
      "const { spawn } = require('node:child_process'); const c = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'inherit' }); console.log(String(c.pid)); setTimeout(() => {}, 60000)",
    );
    const started = startCommand(command, [...args], {
      detached: true,
      signal: controller.signal,
      onLine: () => controller.abort(),
    });
    // The grandchild holds the output pipe: `done` settles only once it is gone too.
    const done = await started.done;
    expect(done.signal).toBe('SIGTERM');
    const grandchild = Number(done.lines[0]);
    expect(Number.isInteger(grandchild)).toBe(true);
    // Its pipe closes as it dies; on a loaded machine /proc may still show it
    // running (R) for a moment after, on its way out.
    await expect.poll(() => stateOf(grandchild)).toMatch(/^(gone|Z)$/);
  });
});
