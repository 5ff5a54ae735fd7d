/**
 * Child process entry of an Anki import: reads one uploaded package (`readPackageIntoFolder`).
 * `readPackageInChild` in `import-process.ts` starts it; the zip, zstd, SQLite, protobuf and image
 * decoding of an untrusted file run here, never in the server.
 */
import { serveOneJob } from '../child/child-process.ts';
import { readPackageIntoFolder } from './read-job.ts';

serveOneJob(readPackageIntoFolder);
