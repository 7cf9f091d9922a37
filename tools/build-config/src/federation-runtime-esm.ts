import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The federation runtime as ES modules in browser bundles. Rspack's federation plugin imports the
 * CommonJS build of @module-federation/webpack-bundler-runtime (it finds it with require.resolve),
 * and through it the CommonJS SDK. Nothing in CommonJS can be shaken, so the host's first script
 * and every remote entry carried the SDK whole: its Node script loader, its manifest-to-snapshot
 * converter, the plugins' option normalisers. The ES builds are the same version of the same code,
 * and the SDK's declares no side effects, so what a bundle never calls is left out.
 */
export function federationRuntimeAsEsm(dir: string): Record<string, string> {
  const tools = createRequire(path.join(dir, 'package.json')).resolve('@module-federation/runtime-tools');
  const fromTools = createRequire(tools);
  const esm = (commonJs: string) => commonJs.replace(/\.cjs$/, '.js');
  const bundlerRuntime = fromTools.resolve('@module-federation/webpack-bundler-runtime');
  const runtime = fromTools.resolve('@module-federation/runtime');
  const runtimeCore = createRequire(runtime).resolve('@module-federation/runtime-core');
  // The plugin aliases the bare name to the CommonJS file; the same key replaces its alias. The
  // host's copy of the core (the one it lends the remotes) is required by name from CommonJS.
  return {
    [`${bundlerRuntime}$`]: esm(bundlerRuntime),
    '@module-federation/runtime': esm(runtime),
    '@module-federation/runtime-core$': esm(runtimeCore),
  };
}
