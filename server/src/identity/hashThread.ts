/**
 * The password hashing thread's entry (started by hashInThread.ts): one scrypt per message, computed synchronously
 * on this thread, answered with the key or with why it failed.
 */
import crypto from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { HashReply, HashRequest } from './hashInThread';

const port = parentPort!;

port.on('message', ({ id, password, salt, keylen, options }: HashRequest) => {
  let reply: HashReply;
  try {
    // scryptSync: the async form would hand the work back to libuv's pool, the very place it must not run.
    reply = { id, ok: true, key: new Uint8Array(crypto.scryptSync(password, salt, keylen, options)) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
