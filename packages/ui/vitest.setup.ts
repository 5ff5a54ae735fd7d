import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './src/test/happy-dom.ts';

afterEach(() => {
  cleanup();
});
