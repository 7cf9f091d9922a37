// Lets a test stop one web package's server and bring it back, as an outage would.
import { startStaticServer, stopRecordedService, waitForUrl } from '../../scripts/stack.mjs';
import { e2eEnv } from './env';

type WebPackage = 'host' | 'catalog' | 'dashboard' | 'checkout';

export function stopWebServer(name: WebPackage) {
  stopRecordedService(e2eEnv.dataDir, name);
}

export async function startWebServer(name: WebPackage) {
  const child = startStaticServer(name, e2eEnv.ports[name], { dataDir: e2eEnv.dataDir, quiet: true });
  child.unref();
  await waitForUrl(`http://localhost:${e2eEnv.ports[name]}/index.html`);
}

export async function isServerDown(name: WebPackage) {
  try {
    await fetch(`http://localhost:${e2eEnv.ports[name]}/index.html`);
    return false;
  } catch {
    return true;
  }
}
