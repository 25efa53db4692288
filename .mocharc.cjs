// Files run in parallel worker processes: most of the suite waits on PostgreSQL, Redis, sockets and
// child processes rather than on the CPU, so more workers than cores pays. Each file gets its own
// database cloned from the run's migrated template (libs/testing/src/database.ts).
module.exports = {
  spec: ['libs/*/dist/**/*.spec.js', 'apps/*/dist/**/*.spec.js', 'launcher/dist/**/*.spec.js'],
  require: ['libs/testing/dist/global-setup.js'],
  parallel: true,
  jobs: Number(process.env.TEST_JOBS ?? 4),
  timeout: 30000,
  exit: true,
  reporter: 'spec',
};
