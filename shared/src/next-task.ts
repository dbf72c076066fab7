// Importable before the host's async boundary (`@stride/shared/next-task`):
// it imports nothing.

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task of the main thread, so that the browser may paint
 * and handle input between two pieces of start-up work: what keeps each of
 * them under the 50 ms a phone's user notices (Total Blocking Time,
 * docs/architecture.md §2). `scheduler.yield()` where the browser has it;
 * else a message to itself, which, unlike a timer, a background tab does
 * not hold back for a second.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
