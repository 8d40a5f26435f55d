import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface KeyPair {
  /** PEM private key and self-signed certificate (a SAML party's own: metadata carries the certificate). */
  key: string;
  cert: string;
  keyFile: string;
  certFile: string;
}

/**
 * A fresh RSA key and a self-signed certificate for a test's SAML identity provider or service provider, made with
 * openssl (Node makes keys but not X.509 certificates). The files are in a temporary folder of their own.
 */
export function selfSignedKeyPair(commonName: string): KeyPair {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-keys-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', `/CN=${commonName}`].concat([
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), keyFile, certFile };
}
