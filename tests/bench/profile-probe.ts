// Loaded into the product by tests/bench/profile.ts (`node --import` this file): on the parent's
// IPC message `{ profile: 'start' }` it starts V8's CPU profiler in this process, on
// `{ profile: 'stop' }` it stops it and answers with the profile (Chrome's .cpuprofile JSON), so
// that the profile covers the load window only, not start-up. The product itself runs unchanged.
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();

process.on('message', async (message: { profile?: 'start' | 'stop' }) => {
  if (message.profile === 'start') {
    await session.post('Profiler.enable');
    // 100 µs between samples: V8's default is 1 ms, too coarse for requests of ~100 µs.
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    process.send?.({ profiling: true });
  } else if (message.profile === 'stop') {
    const { profile } = await session.post('Profiler.stop');
    process.send?.({ profile });
  }
});
