/**
 * Starts the real server (built web app + console, embedded database in a fresh temp dir) as a child
 * process on a free loopback port, the way `npm start` runs it, and stops it with SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type ServerOutput, spawnHealthyServer, stopServerProcess } from './spawn-server.ts';

export interface RunningServer {
  url: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-e2e-'));
  const output: ServerOutput = { text: '' };
  const child = await spawnHealthyServer({ port, dataDir, env, output });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output.text,
    stop: async () => {
      await stopServerProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
