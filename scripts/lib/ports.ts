// Checks that ports are free before anything starts, so a clash is reported
// once, by name, instead of as a half-started deployment.
import { createServer } from 'node:net';

export interface NamedPort {
  label: string;
  port: number;
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      // No IPv6 loopback on this machine: nothing can be listening there.
      resolve(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT');
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A browser may reach `localhost` over IPv4 or IPv6; the port must be free on both. */
export async function isPortFree(port: number): Promise<boolean> {
  return (await canListen(port, '127.0.0.1')) && (await canListen(port, '::1'));
}

export class PortsInUseError extends Error {
  constructor(readonly taken: NamedPort[]) {
    const list = taken.map(({ label, port }) => `${port} (${label})`).join(', ');
    super(
      `Port${taken.length > 1 ? 's' : ''} ${list} already in use. Is Stride already running ` +
        '(pnpm start, pnpm dev or an e2e run)? Stop it, or choose other ports with ' +
        'HOST_PORT, REMOTE_*_PORT, API_PORT and DEV_IDP_PORT.',
    );
    this.name = 'PortsInUseError';
  }
}

export async function assertPortsFree(ports: NamedPort[]): Promise<void> {
  const taken: NamedPort[] = [];
  for (const entry of ports) if (!(await isPortFree(entry.port))) taken.push(entry);
  if (taken.length > 0) throw new PortsInUseError(taken);
}
