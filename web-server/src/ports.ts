// One place that decides every port, so `npm start`, the tests and parallel work trees never collide.
// SB_PORT_OFFSET shifts the whole set (PORT_OFFSETS: `npm start` 0, the tests 100, the bench 800);
// each port can also be set on its own. Read at call time: the test and bench scripts set the
// offset after their imports ran.
export interface Ports {
  host: number;
  catalog: number;
  dashboard: number;
  checkout: number;
  api: number;
  authEmulator: number;
}

/** The offsets the tests (`pnpm test`, the e2e suite) and `pnpm bench` default to. */
export const PORT_OFFSETS = { test: 100, bench: 800 } as const;

export function resolvePorts(env: NodeJS.ProcessEnv = process.env): Ports {
  const offset = Number(env.SB_PORT_OFFSET ?? 0);
  const port = (name: string, base: number) => (env[name] ? Number(env[name]) : base + offset);
  return {
    host: port('HOST_PORT', 3000),
    catalog: port('CATALOG_PORT', 3001),
    dashboard: port('DASHBOARD_PORT', 3002),
    checkout: port('CHECKOUT_PORT', 3003),
    api: port('API_PORT', 4000),
    authEmulator: port('AUTH_EMULATOR_PORT', 9099),
  };
}
