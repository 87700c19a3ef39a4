// The Jest project of tests/bindings/test_js.sh: the matcher is set up as
// a user sets it up (docs/integrations.md).
module.exports = {
  testEnvironment: 'node',
  setupFilesAfterEnv: ['smart-snapshot/jest'],
};
