import type { TestProject } from 'vitest/node';
import { startProduct } from '../support/product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // The payments journey moves the subscription clock past an end date (test-only setting).
  const product = await startProduct({ MEMORIA_TEST_CLOCK: 'true' });
  project.provide('baseUrl', product.baseUrl);
  return () => product.stop();
}
