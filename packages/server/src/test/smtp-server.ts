/** A minimal SMTP server on loopback that keeps what it is sent (no STARTTLS, no auth). */
import { createServer, type Server } from 'node:net';
import type { Sql } from '../db/client.ts';

export interface ReceivedMail {
  to: string[];
  data: string;
}

export interface SmtpServerOptions {
  /**
   * Runs when a message's data has arrived, before the server answers it: a reply such as
   * '451 try again later' refuses the message, undefined accepts it.
   */
  onMessage?: (mail: ReceivedMail) => Promise<string | undefined> | string | undefined;
}

export function smtpServer(options: SmtpServerOptions = {}) {
  const received: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { to: [], data: '' };
    // Lines are handled one after another, even when an answer waits for `onMessage`.
    let queue = Promise.resolve();
    const handle = async (line: string) => {
      if (inData) {
        if (line === '.') {
          inData = false;
          const mail = current;
          current = { to: [], data: '' };
          const refusal = await options.onMessage?.(mail);
          if (refusal) {
            socket.write(`${refusal}\r\n`);
          } else {
            received.push(mail);
            socket.write('250 OK queued\r\n');
          }
        } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') socket.write('250-test\r\n250 8BITMIME\r\n');
      else if (verb === 'RCPT') {
        current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        socket.write('250 OK\r\n');
      } else if (verb === 'DATA') {
        inData = true;
        socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
      } else if (verb === 'QUIT') {
        socket.end('221 Bye\r\n');
      } else socket.write('250 OK\r\n');
    };
    socket.write('220 test ESMTP\r\n');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        queue = queue.then(() => handle(line));
      }
    });
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : 0);
        }),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The connections of this database holding a transaction open while they wait for their client:
 * an SMTP server asks while a message arrives, so a sender inside a transaction is seen.
 */
export async function idleTransactions(sql: Sql): Promise<number> {
  const [row] = await sql<{ open: number }[]>`select count(*)::int as open from pg_stat_activity
    where datname = current_database() and state like 'idle in transaction%'`;
  return row?.open ?? 0;
}
