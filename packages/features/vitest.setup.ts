import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for a state, never for a time; they give up after 10 s rather than
// testing-library's 1 s, which a loaded 2-core CI machine overran (Dashboard, notifications).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
