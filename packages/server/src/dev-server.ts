// The API alone on PORT/HOST (default localhost:4321), for trying it with curl:
//   node packages/server/src/dev-server.ts
import { serve, startBackend } from './index.ts';

const port = Number(process.env.PORT ?? 4321);
const hostname = process.env.HOST ?? 'localhost';

let backend: Awaited<ReturnType<typeof startBackend>>;
try {
  backend = await startBackend();
} catch (error) {
  console.error((error as Error).message);
  process.exit((error as { exitCode?: number }).exitCode ?? 1);
}

const serving = serve(backend, { port, host: hostname });
try {
  const { port: bound } = await serving.listening;
  const { implemented, total } = backend.implemented;
  console.log(
    `Memoria API on http://${hostname}:${bound}/be/api/ (${implemented}/${total} operations)`,
  );
} catch (error) {
  console.error(`Cannot listen on ${hostname}:${port}: ${(error as Error).message}`);
  await backend.close();
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  await serving.shutdown();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
