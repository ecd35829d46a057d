// `npm test`: typecheck, lint, the boundaries and dead-code checks, build the two front ends (the browser journeys run against the built
// app, as users get it), then every Vitest project. Ends with one plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const step = (name, command, args) => {
  console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  console.log(
    `== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status ?? 1;
};

const gates = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['boundaries', 'npm', ['run', '--silent', 'lint:boundaries']],
  ['dead code', 'npm', ['run', '--silent', 'lint:dead-code']],
  ['build', 'npm', ['run', '--silent', 'build']],
];
for (const [name, command, args] of gates) {
  if (step(name, command, args) !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('.test-artifacts', { recursive: true });
// Unit and integration suites first, then the browser journeys on their own, so the journeys' timing
// checks (the loading view must not flash) never compete with argon2-heavy suites for the two cores.
const runs = [
  [
    'unit + integration',
    [
      '--project',
      'domain',
      '--project',
      'contracts',
      '--project',
      'server',
      '--project',
      'web',
      '--project',
      'console',
    ],
  ],
  ['browser journeys', ['--project', 'e2e']],
];
let passed = 0;
let failed = 0;
for (const [index, [name, projects]] of runs.entries()) {
  const report = `.test-artifacts/vitest-${index}.json`;
  const status = step(name, 'npx', [
    'vitest',
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ]);
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests + (status !== 0 && summary.numFailedTests === 0 ? 1 : 0);
  } catch {
    console.log(`(${name}: no test report was written)`);
    failed += status === 0 ? 0 : 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
