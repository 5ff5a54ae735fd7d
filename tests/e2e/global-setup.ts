import type { TestProject } from 'vitest/node';
import { startProduct } from '../support/product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // The payments journey moves the subscription clock past an end date (test-only setting).
  // TRUST_PROXY: each journey's API helper registers its learners from its own address
  // (tests/support/api.ts), as learners on different machines would.
  const product = await startProduct({ MEMORIA_TEST_CLOCK: 'true', TRUST_PROXY: 'true' });
  project.provide('baseUrl', product.baseUrl);
  return () => product.stop();
}
