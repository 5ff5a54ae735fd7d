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
  // STORY_STREAM_DELAY_MS: the offline story engine writes a word every 150 ms, so the mnemonics
  // journey presses Stop while a reply is being written.
  const product = await startProduct({
    MEMORIA_TEST_CLOCK: 'true',
    TRUST_PROXY: 'true',
    STORY_STREAM_DELAY_MS: '150',
  });
  project.provide('baseUrl', product.baseUrl);
  return () => product.stop();
}
