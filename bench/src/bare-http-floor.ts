/**
 * The floor of bench:reads: node:http answering each path with the bytes the server gave for it, headers
 * included, in a process of its own. In the bench's own process it would share one thread with the load
 * generator (autocannon) while the server has a process to itself, and the ratio would flatter the server.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

export interface CapturedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface WireAnswer {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface BareFloor {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

const CHILD_FLAG = '--bare-http-floor';

export async function startBareFloor(answers: Map<string, CapturedAnswer>): Promise<BareFloor> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], { stdio: 'inherit' });
  const wire: WireAnswer[] = [...answers].map(([path, answer]) => ({
    path,
    status: answer.status,
    headers: answer.headers,
    body: answer.body.toString('base64'),
  }));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(Number(message)));
    child.once('exit', (code) => reject(new Error(`the bare floor exited (${code})`)));
    child.send(wire);
  });
  return {
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function serve(wire: WireAnswer[]): void {
  const answers = new Map(wire.map((a) => [a.path, { ...a, body: Buffer.from(a.body, 'base64') }]));
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.(typeof address === 'object' && address ? address.port : 0);
  });
  // Gone with the bench: it never outlives the process that forked it.
  process.on('disconnect', () => process.exit(0));
}

if (process.argv.includes(CHILD_FLAG)) {
  process.once('message', (message) => serve(message as WireAnswer[]));
}
