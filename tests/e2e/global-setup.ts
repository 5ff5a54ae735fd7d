import type { TestProject } from 'vitest/node';
import { startProduct } from '../support/product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const product = await startProduct();
  project.provide('baseUrl', product.baseUrl);
  return () => product.stop();
}
