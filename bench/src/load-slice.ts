/**
 * One slice of load as a process of its own (decision 0034: the load generator never shares a process
 * with the bench or the server): autocannon with `connections` keep-alive connections on one path for
 * `seconds`, printing autocannon's result as JSON on stdout.
 *
 * Each connection is one client: connection k sends the header set k (modulo their number) on every
 * request, as a signed-in user's app does on its own connection. A read that several users make at once
 * is then measured with as many different users as connections, never one user's answer shared by all.
 * The request is built once per connection, as autocannon's command line builds it, so the load
 * generator costs no more than `autocannon -c N` would.
 *
 * Run: node --import tsx bench/src/load-slice.ts '<json: LoadSlice>'
 */
import autocannon from 'autocannon';

export interface LoadSlice {
  url: string;
  connections: number;
  seconds: number;
  /** One header set per client (connection k sends set k modulo their number); at least one. */
  headerSets: Record<string, string>[];
}

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSlice;
if (spec.headerSets.length === 0) throw new Error('load-slice: give at least one header set');
let opened = 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  setupClient: (client) => {
    client.setHeaders(spec.headerSets[opened % spec.headerSets.length] ?? {});
    opened += 1;
  },
});
process.stdout.write(JSON.stringify(result));
