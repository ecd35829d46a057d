/**
 * The boundaries of the server and the web app (docs/decisions/0020-boundary-lint.md), checked by
 * `npm run lint:boundaries` and by `npm test` after the lint step.
 *
 * Server: routes -> services -> repositories -> platform. A module uses another module only through
 * that module's service file (`*.service.ts`; the payments and beacon modules publish their client
 * interfaces, `payment-provider.ts` and `beacon-client.ts`; payout-destinations publishes the routes and
 * the storage that bank cards and wallets share), and only a module of a lower tier, so the modules stack
 * without a cycle. A new module takes a tier above everything it uses.
 *
 * Web and console: a feature folder never imports another feature folder; what two features share lives
 * in components/ or lib/. The console's components/ and lib/ import no feature (only app/ composes them).
 */
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;

/** Bottom to top. A module may import modules of lower tiers only. */
const TIERS = [
  // The bottom: what money operations use (the audit log, idempotency claims), and what bank cards and
  // wallets share (their routes and their storage); they use only the platform.
  ['audit', 'idempotency', 'payout-destinations'],
  ['app', 'attempt-throttle', 'beacon', 'fairness', 'ledger', 'payments', 'uploads', 'wallets'],
  ['accounts', 'funding-settings', 'liabilities', 'notifications', 'play-limits', 'rounds', 'support'],
  ['admin-rooms', 'auth', 'bank-cards', 'deposits', 'position-proofs', 'positions'],
  ['admin-auth', 'market', 'withdrawals'],
  ['admin-dashboard', 'assets'],
  ['admin-users'],
  ['referrals'],
];

const tierRules = TIERS.flatMap((tier, index) => {
  const notBelow = TIERS.slice(index).flat();
  return tier.map((module) => ({
    name: 'server-module-tier',
    comment: `${module} may use modules of lower tiers only (TIERS in .dependency-cruiser.cjs)`,
    severity: 'error',
    from: { path: `${MODULES}${module}/` },
    to: {
      path: `${MODULES}(${notBelow.join('|')})/`,
      pathNot: `${MODULES}${module}/`,
    },
  }));
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other, directly or around a loop.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-unknown',
      comment: 'Every server module has a tier in TIERS.',
      severity: 'error',
      from: {
        path: `${MODULES}[^/]+/`,
        pathNot: `${MODULES}(${TIERS.flat().join('|')})/`,
      },
      to: {},
    },
    ...tierRules,
    {
      name: 'server-module-interface',
      comment:
        'Another module is used through its service (or its published client interface), never its SQL, routes or internals.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: MODULES,
        pathNot: [
          `${MODULES}$1/`,
          '\\.service\\.ts$',
          '/payments/payment-provider\\.ts$',
          '/beacon/beacon-client\\.ts$',
          '/payout-destinations/payout-destinations\\.(routes|repository)\\.ts$',
        ],
      },
    },
    {
      name: 'server-repository-below-services',
      comment:
        'A repository holds SQL: it imports the platform and other repositories, never a service or route.',
      severity: 'error',
      from: { path: `${MODULES}.+\\.repository\\.ts$` },
      to: { path: SERVER, pathNot: [`${SERVER}platform/`, '\\.repository\\.ts$'] },
    },
    {
      name: 'server-routes-on-top',
      comment: 'Nothing below the routes imports a route.',
      severity: 'error',
      from: { path: SERVER, pathNot: ['\\.routes\\.ts$', `${SERVER}[^/]+\\.ts$`] },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'server-platform-is-the-floor',
      comment: 'The platform knows no module, no gateway and no composition.',
      severity: 'error',
      from: { path: `${SERVER}platform/` },
      to: { path: SERVER, pathNot: `${SERVER}platform/` },
    },
    {
      name: 'server-composition-root',
      comment:
        'app.ts, services.ts, main.ts and the other files at the root wire everything; nothing imports them.',
      severity: 'error',
      from: { path: `${SERVER}(modules|platform|realtime)/` },
      to: { path: `${SERVER}[^/]+\\.ts$` },
    },
    {
      name: 'web-feature-isolation',
      comment: 'A web feature does not import another feature: shared parts live in components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'console-feature-isolation',
      comment: 'A console feature does not import another feature: shared parts live in components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/console/src/features/([^/]+)/' },
      to: { path: '^apps/console/src/features/', pathNot: '^apps/console/src/features/$1/' },
    },
    {
      name: 'console-shared-below-features',
      comment:
        'Console components/ and lib/ serve every feature, so they import none (app/ composes features).',
      severity: 'error',
      from: { path: '^apps/console/src/(components|lib)/' },
      to: { path: '^apps/console/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '/test/', 'node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
