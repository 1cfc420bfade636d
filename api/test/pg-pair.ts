/**
 * A PostgreSQL primary and its streaming replica, started for the replica tests (issue 26) from the
 * packaged PostgreSQL binaries: `initdb` into a temporary folder, its own port, then
 * `pg_basebackup -R` of it into another folder and another port. The machine's own server is not
 * touched (its pg_hba.conf has no replication entry). Run as root, the servers run as the `postgres`
 * user (PostgreSQL refuses root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './helper.ts';

export interface PgPair {
  primaryUrl: string;
  replicaUrl: string;
  /** The servers' data folders (postmaster.pid's first line is the server's process id). */
  primaryDir: string;
  replicaDir: string;
  /** Stops applying the WAL on the replica (it keeps receiving it): the replica falls behind. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Resolves once the replica has replayed everything the primary had written when called. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

function binDir(): string {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [fromConfig.status === 0 ? fromConfig.stdout.trim() : '', '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];
  const found = candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error('PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) not found');
  return found;
}

/**
 * `sharedBuffers`: the servers' shared_buffers (32MB for the tests; a benchmark's data wants more).
 * `statementStats`: pg_stat_statements loaded (a benchmark's account of where the primary's time goes).
 */
export async function startPgPair(options: { sharedBuffers?: string; statementStats?: boolean } = {}): Promise<PgPair> {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  const root = mkdtempSync(path.join(tmpdir(), 'linepulse-pg-pair-'));
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(root, Number(ids), Number(gid));
  }
  chmodSync(root, 0o700);
  /** A server tool, as the postgres user when this process is root. */
  const run = (tool: string, args: string[]): string => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: root });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  const settings = (port: number): string =>
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${root}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      // A test server: durability is not what is tested.
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      `shared_buffers = ${options.sharedBuffers ?? '32MB'}`,
      ...(options.statementStats ? ["shared_preload_libraries = 'pg_stat_statements'"] : []),
      '',
    ].join('\n');
  appendFileSync(path.join(primaryDir, 'postgresql.conf'), settings(primaryPort));
  writeFileSync(path.join(primaryDir, 'pg_hba.conf'), ['local all all trust', 'local replication all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust', ''].join('\n'));
  const start = (dir: string): void => {
    run('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  };
  const stopServer = (dir: string): void => {
    run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  };
  start(primaryDir);
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/linepulse`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE linepulse');
  await admin.end();
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast']);
  // The copy carries the primary's settings: the replica's port is appended after them (the last wins).
  appendFileSync(path.join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
  start(replicaDir);
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/linepulse`;

  const onReplica = async <T>(sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
  let replicaRunning = true;
  return {
    primaryUrl,
    replicaUrl,
    primaryDir,
    replicaDir,
    pauseReplay: async () => {
      await onReplica('SELECT pg_wal_replay_pause()');
    },
    resumeReplay: async () => {
      await onReplica('SELECT pg_wal_replay_resume()');
    },
    stopReplica: async () => {
      stopServer(replicaDir);
      replicaRunning = false;
    },
    startReplica: async () => {
      start(replicaDir);
      replicaRunning = true;
    },
    caughtUp: async () => {
      const client = new pg.Client({ connectionString: primaryUrl });
      await client.connect();
      const [{ lsn }] = (await client.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows as [{ lsn: string }];
      await client.end();
      for (let i = 0; i < 300; i++) {
        const [row] = await onReplica<{ behind: boolean }>(`SELECT pg_last_wal_replay_lsn() < '${lsn}'::pg_lsn AS behind`);
        if (row && !row.behind) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the replica did not reach ${lsn}`);
    },
    stop: async () => {
      if (replicaRunning) stopServer(replicaDir);
      stopServer(primaryDir);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
