/**
 * A destination's secrets at rest (decision H-sftp): the password or private key sealed under the server secret,
 * bound to the destination's id and its sign-in method (so a stored password never opens as a key), and the key's
 * passphrase apart. Opened only to connect; never answered, never audited.
 */
import type { AppConfig } from '../../config';
import { openSecret, sealSecret } from '../../kernel/secrets';
import type { SftpCredentials } from './sftp.client';
import type { DestinationRow } from './sftp.repository';

const SECRET = 'sftp-secret';
const PASSPHRASE = 'sftp-passphrase';

type Method = DestinationRow['auth_method'];

export function sealDestinationSecret(config: AppConfig, id: string, method: Method, plain: string): string {
  return sealSecret(config.jwtSecret, SECRET, `${id}:${method}`, plain);
}

export function sealPassphrase(config: AppConfig, id: string, plain: string): string {
  return sealSecret(config.jwtSecret, PASSPHRASE, id, plain);
}

export function openPassphrase(config: AppConfig, row: Pick<DestinationRow, 'id' | 'passphrase_sealed'>) {
  return row.passphrase_sealed ? openSecret(config.jwtSecret, PASSPHRASE, row.id, row.passphrase_sealed) : null;
}

/** The credentials to connect with, or null when the stored secret does not open (or was erased). */
export function credentialsOf(
  config: AppConfig,
  row: Pick<
    DestinationRow,
    'id' | 'auth_method' | 'secret_sealed' | 'passphrase_sealed' | 'host' | 'port' | 'username' | 'host_key_fingerprint'
  >,
): SftpCredentials | null {
  if (!row.secret_sealed) return null;
  const secret = openSecret(config.jwtSecret, SECRET, `${row.id}:${row.auth_method}`, row.secret_sealed);
  if (secret === null) return null;
  const passphrase = openPassphrase(config, row);
  if (row.passphrase_sealed && passphrase === null) return null;
  return {
    host: row.host,
    port: row.port,
    username: row.username,
    password: row.auth_method === 'PASSWORD' ? secret : null,
    privateKey: row.auth_method === 'PRIVATE_KEY' ? secret : null,
    passphrase: row.auth_method === 'PRIVATE_KEY' ? passphrase : null,
    pinnedFingerprint: row.host_key_fingerprint,
  };
}
