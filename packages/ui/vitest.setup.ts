import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import './src/test/happy-dom.ts';

// findBy* and waitFor wait for a state, never for a time: 10 s, as in the other packages, not
// testing-library's 1 s (a speed limit on a loaded 2-core CI machine).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
