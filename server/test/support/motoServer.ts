import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../testing/freePort';
import fs from 'node:fs';

/**
 * An S3-compatible server for the multi-instance tests: moto's `moto_server` (moto 5 is in this machine kind's
 * Python). It is not installed by the project (PyPI is not reachable from these machines); when it is missing the
 * set-up says what to install.
 */
export interface MotoServer {
  endpoint: string;
  stop(): void;
}

const INSTALL = "pip install 'moto[server]>=5'";
const PYENV_MOTO = '/root/.pyenv/shims/moto_server';

/** moto_server on PATH, or moto's module run by a Python that has it (pyenv's shims may be off PATH in CI). */
function motoCommand(): string[] {
  const found = (command: string) => {
    try {
      return execSync(command, { encoding: 'utf8', shell: '/bin/sh', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  const onPath = found('command -v moto_server') || (fs.existsSync(PYENV_MOTO) ? PYENV_MOTO : '');
  if (onPath) return [onPath];
  for (const python of ['python3', '/root/.pyenv/shims/python3']) {
    if (
      found(`${python} -c "import moto.server"`) !== '' ||
      found(`${python} -c "import moto.server; print(1)"`) === '1'
    ) {
      return [python, '-m', 'moto.server'];
    }
  }
  throw new Error(
    `The multi-instance tests need an S3-compatible server: moto_server was not found.\nInstall it with:  ${INSTALL}`,
  );
}

export async function startMotoServer(): Promise<MotoServer> {
  const [command, ...args] = motoCommand();
  const port = await freePort();
  const child: ChildProcess = spawn(command, [...args, '-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i += 1) {
    const up = await fetch(`${endpoint}/`).then(
      () => true,
      () => false,
    );
    if (up) return { endpoint, stop: () => child.kill('SIGKILL') };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`moto_server did not start on ${endpoint}. Check it runs: ${command} -p ${port}`);
}
