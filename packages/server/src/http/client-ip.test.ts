import { describe, expect, it } from 'vitest';
import { startBackend } from '../index.ts';
import { forwardedClient, trustedProxyHops } from './client-ip.ts';

describe('TRUST_PROXY: trusted proxy hops', () => {
  it('is a whole number of hops; true is 1, false or unset is 0', () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: '' })).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: 'false' })).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: 'true' })).toBe(1);
    expect(trustedProxyHops({ TRUST_PROXY: '0' })).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: '2' })).toBe(2);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const value of ['yes', '1.5', '-1', ' 1', 'TRUE', '0x1', '100']) {
      expect(() => trustedProxyHops({ TRUST_PROXY: value })).toThrow(
        /^TRUST_PROXY must be the number of trusted proxy hops/,
      );
    }
  });

  it('stops the start before anything is started', async () => {
    // Nothing listens there: reaching the database would fail with another error.
    const started = startBackend({
      databaseUrl: 'postgres://nobody:x@127.0.0.1:9/none',
      env: { TRUST_PROXY: 'yes' },
    });
    await expect(started).rejects.toThrow(/^TRUST_PROXY must be/);
  });
});

describe('the client address from X-Forwarded-For', () => {
  // What the client sent comes first; each proxy appends the address it received from.
  const forged = '203.0.113.66';
  const client = '198.51.100.7';
  const edge = '10.0.0.2';

  it('with 0 hops ignores the header', () => {
    expect(forwardedClient(`${forged}, ${client}`, 0)).toBeNull();
  });

  it('with 1 hop takes the entry the proxy appended, not what the client sent', () => {
    expect(forwardedClient(client, 1)).toBe(client);
    expect(forwardedClient(`${forged}, ${client}`, 1)).toBe(client);
    expect(forwardedClient(`${forged},${forged}, ${client}`, 1)).toBe(client);
  });

  it('with 2 hops takes the entry two places from the right', () => {
    expect(forwardedClient(`${forged}, ${client}, ${edge}`, 2)).toBe(client);
    expect(forwardedClient(`${client}, ${edge}`, 2)).toBe(client);
  });

  it('with fewer entries than hops takes the left-most (every entry came from a proxy)', () => {
    expect(forwardedClient(client, 2)).toBe(client);
    expect(forwardedClient(`${client}, ${edge}`, 3)).toBe(client);
  });

  it('trims spaces and skips empty entries a client may add', () => {
    expect(forwardedClient(`  ${forged} ,, ${client}  `, 1)).toBe(client);
    expect(forwardedClient(`${forged},\t${client}\t`, 1)).toBe(client);
  });

  it('reads IPv6 entries, bracketed or not, and drops a port', () => {
    expect(forwardedClient('2001:db8::1', 1)).toBe('2001:db8::1');
    expect(forwardedClient(`${forged}, [2001:db8::1]:4711`, 1)).toBe('2001:db8::1');
    expect(forwardedClient('::ffff:198.51.100.7', 1)).toBe('::ffff:198.51.100.7');
    expect(forwardedClient(`${forged}, ${client}:4711`, 1)).toBe(client);
  });

  it('is null when the chosen entry is not an address (the socket address is used then)', () => {
    expect(forwardedClient(undefined, 1)).toBeNull();
    expect(forwardedClient('', 1)).toBeNull();
    expect(forwardedClient(' , ', 1)).toBeNull();
    expect(forwardedClient(`${client}, unknown`, 1)).toBeNull();
    expect(forwardedClient(`${client}, 999.1.1.1`, 1)).toBeNull();
    expect(forwardedClient(`${client}, [2001:db8::1`, 1)).toBeNull();
    // A malformed entry the client sent to the left does not matter.
    expect(forwardedClient(`<script>, ${client}`, 1)).toBe(client);
  });
});
