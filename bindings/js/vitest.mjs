// Vitest: `test: { setupFiles: ['smart-snapshot/vitest'] }` in the Vitest
// config, then expect(html).toMatchSmartSnapshot() in a test. `vitest -u`
// accepts.
import { expect } from 'vitest';
import smart from './index.js';

expect.extend({ toMatchSmartSnapshot: smart.jestLikeMatcher('vitest -u') });
