// pretest: the system tools the tests drive. The browser journeys drive the system Chromium through
// playwright-core (no browser download, ever); the operations tests load the alert rules in Prometheus's
// own promtool. Each missing tool is installed from Debian's packages when this machine allows it
// (root + apt-get); otherwise the step fails with a message saying what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const onPath = (command) => !spawnSync(command, ['--version'], { stdio: 'ignore' }).error;

const tools = [
  {
    name: `Chromium at ${chromium}`,
    present: () => existsSync(chromium),
    // A CHROMIUM_PATH of one's own is never installed over.
    packages: process.env.CHROMIUM_PATH ? null : ['chromium'],
    hint: "Install Debian's `chromium` package, or set CHROMIUM_PATH to a Chromium binary.",
  },
  {
    name: 'promtool',
    present: () => onPath('promtool'),
    packages: ['--no-install-recommends', 'prometheus'],
    hint: "Install Debian's `prometheus` package (it brings promtool), or put promtool on PATH.",
  },
];

const missing = tools.filter((tool) => !tool.present());
const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
const installable = missing.filter((tool) => tool.packages !== null);
if (canInstall && installable.length > 0) {
  console.log(
    `[pretest] missing: ${installable.map((tool) => tool.name).join(', ')}; installing from Debian...`,
  );
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    for (const tool of installable) {
      execFileSync('apt-get', ['install', '-y', '-qq', ...tool.packages], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    }
  } catch {
    // fall through to the messages below
  }
}
const still = tools.filter((tool) => !tool.present());
for (const tool of still) console.error(`[pretest] No ${tool.name}. ${tool.hint}`);
process.exit(still.length === 0 ? 0 : 1);
