import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../testing/freePort';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

const PROVIDER = path.join(__dirname, '../../../testing/oidcProvider.ts');

/** Starts testing/oidcProvider.ts (a real oidc-provider) for a relying party at `publicUrl`. */
export async function startOidcProvider(publicUrl: string): Promise<TestProvider> {
  const port = await freePort();
  const clientId = 'admissions-staff';
  const clientSecret = 'a-client-secret-for-the-tests-only-0123456789';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', PROVIDER], {
    env: {
      ...process.env,
      OIDC_PORT: String(port),
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: `${publicUrl}/staff/api/sso/callback`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the OpenID provider did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(/ready (\S+)/);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited (${code}):\n${output}`)));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
