// Loaded into the product by tests/bench/memory.ts (`node --expose-gc --import` this file): answers
// the parent's IPC message `{ gc }` with this process's `process.memoryUsage()`, after a full
// memory-reducing collection when `gc` is true. Nothing else: the product itself runs unchanged.
interface MemoryRequest {
  gc?: boolean;
}

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

process.on('message', (message: MemoryRequest) => {
  // `last-resort` is V8's most thorough collection (CollectAllAvailableGarbage): it also returns
  // pages the heap kept for reuse, so the figure after it is what the process really retains.
  if (message.gc)
    (globalThis as unknown as { gc: Collect }).gc({
      type: 'major',
      execution: 'sync',
      flavor: 'last-resort',
    });
  process.send?.({ usage: process.memoryUsage() });
});
