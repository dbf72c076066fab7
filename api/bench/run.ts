// `pnpm --filter @stride/api bench`: GET /api/auth/status/ with a valid
// session beside a bare route of the same server (bench/lib.ts has the
// method). Targets: status ≥ 70% of the bare route's requests/s, p99 < 5 ms at
// 50 connections.
import os from 'node:os';
import { benchApp, describeRun, latencyFloorMs, line, measure, verdict } from './lib.js';

async function main() {
  const load = os.loadavg()[0];
  const bench = await benchApp();
  const base = await bench.listen();
  const { cookie } = await bench.session('bench-status');
  const check = await fetch(`${base}/api/auth/status/`, { headers: { cookie } });
  if (!((await check.json()) as { authenticated: boolean }).authenticated) {
    throw new Error('bench session is not valid');
  }

  const results = await measure([
    { name: 'GET /api/bare/', url: `${base}/api/bare/` },
    {
      name: 'GET /api/auth/status/',
      url: `${base}/api/auth/status/`,
      args: ['-H', `cookie=${cookie}`],
    },
  ]);
  await bench.close();
  const bare = results.get('GET /api/bare/');
  const status = results.get('GET /api/auth/status/');
  if (!bare || !status) throw new Error('missing results');

  const ratio = status.requests.average / bare.requests.average;
  console.log(describeRun(load));
  console.log(line('GET /api/bare/', bare));
  console.log(line('GET /api/auth/status/', status));
  console.log(
    `ratio status/bare: ${(ratio * 100).toFixed(1)}%  target >= 70%: ${verdict(ratio >= 0.7)}`,
  );
  console.log(
    `status p99: ${status.latency.p99} ms  target < 5 ms: ${verdict(status.latency.p99 < 5)}` +
      ` (mean latency floor at this throughput: ${latencyFloorMs(status).toFixed(1)} ms)`,
  );
  if (status.non2xx > 0 || status.errors > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
