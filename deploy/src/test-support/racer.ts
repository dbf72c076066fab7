// One `pnpm registry` command in its own process, started on cue: it loads
// everything, says "ready", and runs when a line arrives on stdin, so the
// test can start several at the same moment.
import { createInterface } from 'node:readline';
import { runRegistry } from '../cli/registry';

process.stdout.write('ready\n');
await new Promise((resolve) => createInterface({ input: process.stdin }).once('line', resolve));
process.exitCode = await runRegistry(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.stdin.destroy();
