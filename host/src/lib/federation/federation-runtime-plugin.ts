import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// Makes remote failures visible in the console with the remote's id; the host's boundaries decide
// what the user sees, so this plugin never swallows the error.
export default function federationDiagnostics(): ModuleFederationRuntimePlugin {
  return {
    name: 'secondbyte-federation-diagnostics',
    errorLoadRemote(args) {
      console.warn(`[federation] could not load ${args.id} (${args.lifecycle})`, args.error);
      return undefined;
    },
  };
}
