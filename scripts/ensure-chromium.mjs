// pretest: the browser journeys drive the system Chromium through playwright-core (no browser download,
// ever). Installs Debian's `chromium` when it is missing and this machine allows it (root + apt-get);
// otherwise fails with a message naming CHROMIUM_PATH.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const canInstall = !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (canInstall) {
  console.log('[pretest] Chromium not found at /usr/bin/chromium; installing Debian package `chromium`...');
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    // fall through to the message below
  }
  if (existsSync(path)) process.exit(0);
}
console.error(
  `[pretest] No Chromium at ${path}. Install Debian's \`chromium\` package, or set CHROMIUM_PATH to a Chromium binary.`,
);
process.exit(1);
