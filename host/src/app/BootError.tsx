import { Button } from '@stride/shared';

/** Shown when the runtime config cannot be loaded: without it no remote can be found. */
export function BootError({ reason }: { reason: string }) {
  return (
    <main className="boot-error" role="alert">
      <h1>Stride could not start</h1>
      <p>Its configuration did not load. Check your connection and reload the page.</p>
      <p className="boot-error__detail">{reason}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}
