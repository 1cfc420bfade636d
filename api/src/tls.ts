import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';
import type { AppConfig } from './config.ts';
import { withDirLock, writeFileAtomic } from './files-once.ts';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** true when generated here: browsers and Node must be told to trust it. */
  selfSigned: boolean;
  certFile: string;
}

function hostsFor(publicUrl: string): string[] {
  const hosts = new Set(['localhost', '127.0.0.1', '::1']);
  hosts.add(new URL(publicUrl).hostname.replace(/^\[|\]$/g, ''));
  return [...hosts];
}

function coversHosts(certPem: string, hosts: string[]): boolean {
  try {
    const cert = new X509Certificate(certPem);
    const expiresSoon = new Date(cert.validTo).getTime() - Date.now() < 30 * 24 * 3600 * 1000;
    return !expiresSoon && hosts.every((h) => (isIP(h) ? cert.checkIP(h) !== undefined : cert.checkHost(h) !== undefined));
  } catch {
    return false;
  }
}

/**
 * The certificate the api serves: TLS_CERT_FILE/TLS_KEY_FILE when given, otherwise a self-signed one
 * for localhost, 127.0.0.1, ::1 and PUBLIC_URL's host, generated once into `${dataDir}/tls` (and again
 * when it no longer covers those hosts or is about to expire). Created under a lock and written
 * atomically, so instances starting together on one data folder serve the same certificate.
 */
export async function loadTls(config: AppConfig): Promise<TlsMaterial> {
  if (config.tls) {
    return {
      key: readFileSync(config.tls.keyFile, 'utf8'),
      cert: readFileSync(config.tls.certFile, 'utf8'),
      selfSigned: false,
      certFile: config.tls.certFile,
    };
  }
  const dir = path.join(config.dataDir, 'tls');
  return withDirLock(dir, () => readOrCreate(config, dir));
}

async function readOrCreate(config: AppConfig, dir: string): Promise<TlsMaterial> {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const hosts = hostsFor(config.publicUrl);
  if (existsSync(certFile) && existsSync(keyFile)) {
    const cert = readFileSync(certFile, 'utf8');
    if (coversHosts(cert, hosts)) return { key: readFileSync(keyFile, 'utf8'), cert, selfSigned: true, certFile };
  }
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(notBeforeDate.getTime() + 825 * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: hosts.map((h) => (isIP(h) ? { type: 7, ip: h } : { type: 2, value: h })),
      },
    ],
  });
  // Key first: a reader outside the lock that finds the new certificate finds its key too.
  writeFileAtomic(keyFile, pems.private);
  writeFileAtomic(certFile, pems.cert, 0o644);
  return { key: pems.private, cert: pems.cert, selfSigned: true, certFile };
}
