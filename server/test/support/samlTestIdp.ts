import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../testing/freePort';

export interface TestIdp {
  /** Its metadata's URL (STAFF_SAML_METADATA_URL); its origin is the page posting to the ACS. */
  metadataUrl: string;
  origin: string;
  stop(): Promise<void>;
}

const IDP = path.join(__dirname, '../../../testing/samlIdp.ts');

/** Starts testing/samlIdp.ts (a real samlp identity provider) for the service provider at `publicUrl`. */
export async function startSamlIdp(publicUrl: string, spCertFile: string): Promise<TestIdp> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', IDP], {
    env: {
      ...process.env,
      SAML_IDP_PORT: String(port),
      SAML_SP_ENTITY_ID: `${publicUrl}/staff/api/saml/metadata`,
      SAML_SP_ACS_URL: `${publicUrl}/staff/api/saml/acs`,
      SAML_SP_CERT: spCertFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const metadataUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the SAML IdP did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(/ready (\S+)/);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the SAML IdP exited (${code}):\n${output}`)));
  });
  return {
    metadataUrl,
    origin: new URL(metadataUrl).origin,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
