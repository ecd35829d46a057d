// `npm test`: typecheck, lint, build the two front ends (the browser journeys run against the built
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
  ['build', 'npm', ['run', '--silent', 'build']],
];
for (const [name, command, args] of gates) {
  if (step(name, command, args) !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('.test-artifacts', { recursive: true });
const report = '.test-artifacts/vitest.json';
const status = step('tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
let passed = 0;
let failed = status === 0 ? 0 : 1;
try {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed = summary.numPassedTests;
  failed =
    summary.numFailedTests +
    (summary.numFailedTestSuites ?? 0) +
    (status !== 0 && summary.numFailedTests === 0 ? 1 : 0);
} catch {
  console.log('(no test report was written)');
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
