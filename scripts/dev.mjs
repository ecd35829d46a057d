// `npm run dev`: the API server restarted on change (tsx watch) plus the Vite dev servers of the web app
// (http://localhost:5173, proxying /api, /ws and /socket.io to :3000) and the console (:5174). Ctrl-C
// stops all three.
import { spawn } from 'node:child_process';

const processes = [
  ['server', 'npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts']],
  ['web', 'npm', ['run', 'dev', '-w', 'apps/web', '--', '--port', '5173', '--strictPort']],
  ['console', 'npm', ['run', 'dev', '-w', 'apps/console', '--', '--port', '5174', '--strictPort']],
].map(([name, command, args]) => {
  // Development is the demo (published logins, sandbox card payments) unless DEMO_MODE says otherwise.
  const env = { DEMO_MODE: 'true', ...process.env };
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}; stopping the others`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of processes) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
