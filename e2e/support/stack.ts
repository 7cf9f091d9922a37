// Lets a test stop one web package's server and bring it back, as an outage would.
import { startStaticServer, stopRecordedService, waitForUrl } from 'cli/stack';
import { e2eEnv } from './env';

type WebPackage = 'host' | 'catalog' | 'dashboard' | 'checkout';

/** Stops the server and resolves only once its port refuses connections: the signal alone
 * leaves a moment in which a slow machine still answers requests. */
export async function stopWebServer(name: WebPackage) {
  stopRecordedService(e2eEnv.dataDir, name);
  const deadline = Date.now() + 15_000;
  while (!(await isServerDown(name))) {
    if (Date.now() > deadline) throw new Error(`the ${name} server still answers after being stopped`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startWebServer(name: WebPackage) {
  const child = startStaticServer(name, e2eEnv.ports[name], { dataDir: e2eEnv.dataDir, quiet: true });
  child.unref();
  await waitForUrl(`http://localhost:${e2eEnv.ports[name]}/health`);
}

export async function isServerDown(name: WebPackage) {
  try {
    await fetch(`http://localhost:${e2eEnv.ports[name]}/health`);
    return false;
  } catch {
    return true;
  }
}
