import crypto from 'node:crypto';
import fs from 'node:fs';
import { createHashThread } from '../../src/identity/hashInThread';
import { hashPassword, verifyPassword } from '../../src/identity/passwords';
import { HASHING_NICE } from '../../src/threads';
import { mainThread, threads } from '../../../testing/threads';

const OPTIONS = { N: 2 ** 15, r: 8, p: 1, maxmem: 128 * 1024 * 1024 };

describe('password hashing in a thread of its own', () => {
  it('derives the key crypto.scrypt derives', async () => {
    const thread = createHashThread();
    try {
      const salt = crypto.randomBytes(16);
      const key = await thread.scrypt('correct horse battery', salt, 64, OPTIONS);
      expect(key.equals(crypto.scryptSync('correct horse battery', salt, 64, OPTIONS))).toBe(true);
    } finally {
      await thread.stop();
    }
  });

  it('keeps the passwords it stored verifiable, and tells a wrong one', async () => {
    const stored = await hashPassword('Tr0ub4dor&3-horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('Tr0ub4dor&3-horse', stored)).resolves.toBe(true);
    await expect(verifyPassword('Tr0ub4dor&3-horsE', stored)).resolves.toBe(false);
  });

  it('leaves libuv’s pool free: a file read does not wait behind a pool’s worth of hashes', async () => {
    const order: string[] = [];
    const hashes = Array.from({ length: 4 }, (_, i) =>
      hashPassword(`password number ${i}!`).then(() => order.push(`hash ${i}`)),
    );
    await fs.promises.stat(__filename).then(() => order.push('stat'));
    await Promise.all(hashes);
    expect(order[0]).toBe('stat');
  });

  it('fails a hash it cannot compute, then hashes the next', async () => {
    const thread = createHashThread();
    try {
      await expect(thread.scrypt('x', crypto.randomBytes(16), 64, { ...OPTIONS, N: 3 })).rejects.toThrow(Error);
      const key = await thread.scrypt('x', Buffer.alloc(16), 32, OPTIONS);
      expect(key).toHaveLength(32);
    } finally {
      await thread.stop();
    }
  });

  it('runs a little below the threads that answer requests, and ends when idle', async () => {
    const thread = createHashThread({ idleMs: 50 });
    // Other tests' threads may end meanwhile: the new thread is told apart by its id.
    const before = new Set(threads().map((t) => t.tid));
    await thread.scrypt('x', Buffer.alloc(16), 32, OPTIONS);
    const started = threads().filter((t) => !before.has(t.tid));
    expect(started.map((t) => t.nice)).toContain(HASHING_NICE);
    expect(mainThread()).toEqual({ tid: String(process.pid), nice: 0 });
    for (let waited = 0; thread.running() && waited < 5000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(thread.running()).toBe(false);
    // The next hash starts a thread again.
    const key = await thread.scrypt('x', Buffer.alloc(16), 32, OPTIONS);
    expect(key.equals(crypto.scryptSync('x', Buffer.alloc(16), 32, OPTIONS))).toBe(true);
    await thread.stop();
  });
});
