// A loop over what a client sent gives the event loop back every few
// milliseconds, so one large request (an import of 10,000 records takes about
// half a second of CPU here) never holds every other request behind it:
// docs/architecture.md §6, "No request holds the others".

/** How long a loop may run before it lets other requests in. */
export const SLICE_MS = 10;

/**
 * A pause to await once per item: nothing until the loop has run `sliceMs`,
 * then one turn of the event loop (`setImmediate`, so I/O already waiting,
 * a health check's database answer included, is handled first).
 */
export function timeSlices(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  };
}
