// Loaded into the product by tests/bench/profile.ts (`node --import` this file): on the parent's
// IPC message `{ profile: 'start' }` it starts V8's CPU profiler in this process, on
// `{ profile: 'stop' }` it stops it and answers with the profile (Chrome's .cpuprofile JSON), so
// that the profile covers the load window only, not start-up. The product itself runs unchanged.
import { startProfile } from './cpu-profile.ts';

let running: Awaited<ReturnType<typeof startProfile>> | undefined;

process.on('message', async (message: { profile?: 'start' | 'stop' }) => {
  if (message.profile === 'start') {
    running = await startProfile();
    process.send?.({ profiling: true });
  } else if (message.profile === 'stop' && running) {
    const profile = await running.stop();
    running = undefined;
    process.send?.({ profile });
  }
});
