// The Vitest project of tests/bindings/test_js.sh: the matcher is set up
// as a user sets it up (docs/integrations.md).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { setupFiles: ['smart-snapshot/vitest'], include: ['*.test.mjs'] },
});
