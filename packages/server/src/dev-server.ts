// The API alone on PORT/HOST (default localhost:4321), for trying it with curl:
//   node packages/server/src/dev-server.ts
import { exitOnShutdownSignals, serve, startBackend } from './index.ts';

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

exitOnShutdownSignals(async (signal) => {
  console.log(`${signal}: shutting down`);
  await serving.shutdown();
});
