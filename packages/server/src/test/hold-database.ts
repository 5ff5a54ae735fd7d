// Starts the embedded PostgreSQL on the data folder given as the first argument, prints `ready`
// and keeps running until killed: a Memoria process stand-in that tests can kill -9.
import { startDatabaseServer } from '../db/connect.ts';
import { createLogger } from '../log.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-database.ts <dataDir>');
const server = await startDatabaseServer({
  databaseUrl: '',
  dataDir,
  ephemeral: true,
  logger: createLogger('warn'),
});
console.log(`ready ${server.url}`);
setInterval(() => {}, 60_000);
