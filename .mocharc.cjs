const { availableParallelism } = require('node:os');

// Files run in parallel worker processes, one per core (at least two: much of the suite waits on
// PostgreSQL, Redis and child processes); more than that measured slower on 2 cores, where the
// database shares the CPU. Each file gets its own database cloned from the run's migrated template
// (libs/testing/src/database.ts).
// TEST_TIER=unit (npm run test:unit, the Node 22 step): the same files without the integration and
// HTTP tiers, and without the template database they need. Set here rather than with --spec on the
// command line, which mocha adds to this list: overlapping globs ran some files twice.
const unit = process.env.TEST_TIER === 'unit';

module.exports = {
  // The longest files (the launcher's multi-process and read-your-writes suites, the web console's
  // browser tests) first, so that no worker is left running one of them alone at the end.
  spec: [
    'launcher/dist/**/*.spec.js',
    'apps/web/dist/**/*.spec.js',
    'apps/{api,access-daemon,webhook-worker}/dist/**/*.spec.js',
    'libs/*/dist/**/*.spec.js',
    'examples/dist/**/*.spec.js',
  ],
  ignore: unit ? ['**/*.int.spec.js', '**/*.e2e.spec.js'] : [],
  require: unit ? ['libs/testing/dist/file-profile.js'] : ['libs/testing/dist/global-setup.js', 'libs/testing/dist/file-profile.js'],
  parallel: true,
  jobs: Number(process.env.TEST_JOBS ?? Math.max(2, availableParallelism())),
  timeout: 30000,
  exit: true,
  reporter: 'spec',
};
