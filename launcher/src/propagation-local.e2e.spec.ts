import { localStack, readYourWrites } from './test-support/propagation.js';

/** Read-your-writes (issue 10) in the all-in-one topology; the two-daemon Redis run is propagation-redis. */
describe('read-your-writes for access changes: all-in-one (in-process bus)', function () {
  this.timeout(120_000);
  readYourWrites(localStack);
});
