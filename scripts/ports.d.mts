// Types of ports.mjs for the TypeScript packages that import it (web-server).
export interface Ports {
  host: number;
  catalog: number;
  dashboard: number;
  checkout: number;
  api: number;
  authEmulator: number;
}

export declare function resolvePorts(env?: Record<string, string | undefined>): Ports;
