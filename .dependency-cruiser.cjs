/**
 * Import rules checked by `npm run deps`. Type-only imports count too: a cycle through types
 * still ties the modules together.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a circle: move the shared type or helper to a module both can import.',
      from: { path: '^(apps|packages|tools)/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'no-cross-feature',
      severity: 'error',
      comment: 'A console feature imports components/, lib/, app/ and the contract, never another feature.',
      from: { path: '^apps/console/src/features/([^/]+)/' },
      to: { path: '^apps/console/src/features/', pathNot: '^apps/console/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
