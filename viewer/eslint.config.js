// ESLint's flat config for the viewer's scripts (viewer/*.js, run in the
// page) and their tests (viewer/tests/*.js, run by node). ESLint and its
// rules are the tests' pinned dev dependencies (tests/package.json), so
// they are loaded from tests/node_modules. Run from this folder:
// `tests/node_modules/.bin/eslint` (the .ci/run viewer section does).
'use strict';
const { createRequire } = require('node:module');
const path = require('node:path');
const fromTests = createRequire(path.join(__dirname, 'tests', 'package.json'));
const js = fromTests('@eslint/js');
const globals = fromTests('globals');
const { defineConfig } = fromTests('eslint/config');

module.exports = defineConfig([
  { ignores: ['tests/node_modules/**'] },
  {
    files: ['*.js'],
    ignores: ['eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'script',
      ecmaVersion: 2022,
      // core.js also runs under node for its unit tests (module.exports).
      globals: { ...globals.browser, module: 'readonly' },
    },
  },
  {
    files: ['tests/**/*.js', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'commonjs',
      ecmaVersion: 2022,
      globals: { ...globals.node },
    },
  },
  {
    // Functions the tests run inside the page (page.evaluate).
    files: ['tests/**/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', requestAnimationFrame: 'readonly', performance: 'readonly' } },
  },
]);
