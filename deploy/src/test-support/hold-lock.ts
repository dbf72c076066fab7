// A registry command that dies holding the lock: it takes the store's lock,
// says "held" and then blocks until the test kills it (SIGKILL: no cleanup).
import { withRegistryLock } from '../registry-lock';

const store = process.argv[2];
if (!store) throw new Error('usage: hold-lock.ts <store>');
await withRegistryLock(store, () => {
  process.stdout.write('held\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
});
