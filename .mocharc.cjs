module.exports = {
  spec: ['libs/*/dist/**/*.spec.js', 'apps/*/dist/**/*.spec.js', 'launcher/dist/**/*.spec.js'],
  require: ['libs/testing/dist/global-setup.js'],
  timeout: 30000,
  exit: true,
  reporter: 'spec',
};
