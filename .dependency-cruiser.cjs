// Architecture rules, checked by `npm run lint` (dependency-cruiser). Paths are relative to the
// repository root. To add a rule for another part (the web app, say), add an entry to
// `forbidden` with its own `from.path`; server/src/architecture.test.ts shows how to prove a
// rule bites.

/**
 * What a server module may use of an outside-service provider: its interface. The adapters are
 * built in one place, providers/plugin.ts, which only the composition root (app.ts) registers;
 * a module gets the built ones as `app.providers`.
 */
const PROVIDER_SURFACE = [
  '^server/src/providers/[^/]+/provider[.]ts$',
  // protocol helpers and the console stand-in's outbox, which its own routes read
  '^server/src/providers/wechat/(signature|event-xml)[.]ts$',
  '^server/src/providers/sms/outbox[.]ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-reaches-into-another-module',
      comment:
        'Each table has one owning module; other modules call its services (service.ts, or a *-service.ts beside it), never its repository or routes.',
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/[a-z-]*service[.]ts$'],
      },
    },
    {
      name: 'orders-know-no-module',
      comment:
        'What orders sell, deliver, discount and pay commission on is registered with them at composition (server/src/order-kinds.ts, called by app.ts); the orders module imports no other module (its tests may) but proposals, which imports none itself (four eyes on refunds).',
      severity: 'error',
      from: { path: '^server/src/modules/orders/', pathNot: '[.]test[.]ts$' },
      to: { path: '^server/src/modules/', pathNot: '^server/src/modules/(orders|proposals)/' },
    },
    {
      name: 'proposals-know-no-module',
      comment:
        'The console money moves four eyes holds are registered with the proposals module at composition (server/src/proposal-kinds.ts); it imports no other module (its tests may), so any module may propose.',
      severity: 'error',
      from: { path: '^server/src/modules/proposals/', pathNot: '[.]test[.]ts$' },
      to: { path: '^server/src/modules/', pathNot: '^server/src/modules/proposals/' },
    },
    {
      name: 'module-uses-provider-internals',
      comment:
        "Modules see an outside service through its interface (provider.ts) and use the one app.providers holds; never an adapter, nor the factory that builds them (providers/plugin.ts, the composition root's). Tests may.",
      severity: 'error',
      from: { path: '^server/src/modules/', pathNot: '[.]test[.]ts$' },
      to: { path: '^server/src/providers/', pathNot: PROVIDER_SURFACE },
    },
    {
      name: 'module-uses-database-internals',
      comment:
        'Modules use db/ for the query builder and types; migrations and seeds belong to startup (tests may seed).',
      severity: 'error',
      from: { path: '^server/src/modules/', pathNot: '[.]test[.]ts$' },
      to: { path: '^server/src/db/(migrate[.]ts|seed[.]ts|seeds/)' },
    },
    {
      name: 'platform-or-provider-uses-module',
      comment:
        'platform/ and providers/ sit below the modules and never import one (their tests may drive a module, as a caller would).',
      severity: 'error',
      from: { path: '^server/src/(platform|providers)/', pathNot: '[.]test[.]ts$' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'server-import-cycle',
      comment: 'No import circles in the server (a provider file importing its adapters and back was one).',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { circular: true },
    },
  ],
  options: {
    // type-only imports count too: importing a repository's types is reaching into it
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
  },
};
