import autocannon from 'autocannon';
import { startApiProcess } from './api-process.ts';
import { ROUTE_NAMES, ratioTargets, type RouteName } from './speed-ratios.ts';

/**
 * `npx tsx bench/profile-routes.ts scores,offers 10`: loads each named route of the speed-ratio
 * bench (bench/speed-ratios.ts) in turn for that many seconds against one fresh server, printing
 * requests/s and the server's and this load generator's CPU per request. With
 * `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` the server writes a CPU profile of the run
 * (one route per run keeps the profile about that route). `PROFILE_DATABASE_URL` (and `REDIS_URL`)
 * run it on PostgreSQL, as the bench does with DATABASE_URL.
 */

const names = (process.argv[2] ?? 'shielded,scores').split(',') as RouteName[];
const seconds = Number(process.argv[3] ?? 10);
for (const name of names) {
  if (!ROUTE_NAMES.includes(name)) throw new Error(`unknown route ${name}; one of ${ROUTE_NAMES.join(', ')}`);
}

const databaseUrl = process.env.PROFILE_DATABASE_URL;
const env = databaseUrl
  ? {
      ...process.env,
      SSO_BENCH_DATABASE_URL: databaseUrl,
      ...(process.env.REDIS_URL ? { SSO_BENCH_REDIS_URL: process.env.REDIS_URL } : {}),
    }
  : process.env;
const api = await startApiProcess({ entry: './sso-server.ts', env, name: 'profiled API' });
try {
  const targets = await ratioTargets(api.url);
  for (const name of names) {
    const serverBefore = await api.cpuMicros();
    const clientBefore = process.cpuUsage();
    const result = await autocannon({ ...targets[name], duration: seconds });
    const server = (await api.cpuMicros()) - serverBefore;
    const client = process.cpuUsage(clientBefore);
    const requests = result.requests.total;
    console.log(
      `${name}: ${Math.round(requests / result.duration)} req/s, server ${(server / requests).toFixed(1)} µs/req, ` +
        `load generator ${((client.user + client.system) / requests).toFixed(1)} µs/req, ` +
        `${result.non2xx + result.errors} failed`,
    );
  }
} finally {
  await api.stop();
}
