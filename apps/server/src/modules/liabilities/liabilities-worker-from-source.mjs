// The liabilities worker's entry when the server runs from its TypeScript sources (the tests, `npm run
// dev`): a worker thread does not inherit the parent's loader, so it registers tsx itself first. The
// built server starts dist/liabilities-worker.js instead, which needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./liabilities-worker.ts');
