import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { buildInfoFromManifest, refusalOf } from './host-contract';

/**
 * Every federation runtime plugin the host adds, in one list: remote-registry.ts registers it
 * before the remotes, in the browser and on the server alike. The build adds only what depends on
 * where the code runs (the node loader of server builds, tools/build-config/src/web-config.ts). Retries are not
 * a plugin: remote-registry.ts does them (docs/decisions/0037-federation-retry.md).
 */
export function hostRuntimePlugins(): ModuleFederationRuntimePlugin[] {
  return [federationDiagnostics(), hostContractPlugin()];
}

// Makes remote failures visible in the console with the remote's id; the host's boundaries decide
// what the user sees, so this plugin never swallows the error.
function federationDiagnostics(): ModuleFederationRuntimePlugin {
  return {
    name: 'secondbyte-federation-diagnostics',
    errorLoadRemote(args) {
      console.warn(`[federation] could not load ${args.id} (${args.lifecycle})`, args.error);
      return undefined;
    },
  };
}

/**
 * Checks each remote as soon as its manifest arrives, before any of its code runs: a remote built
 * for another host contract, or needing shared exports this host's copies lack, is refused, and
 * its area shows the fault-isolation fallback.
 */
function hostContractPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'secondbyte-host-contract',
    loadRemoteSnapshot(args) {
      if (args.from !== 'manifest') return args;
      const remote = args.moduleInfo.name;
      const refusal = refusalOf(remote, buildInfoFromManifest(args.manifestJson));
      if (refusal) {
        console.error(`[${remote}] ${refusal.message}`);
        throw refusal;
      }
      return args;
    },
  };
}
