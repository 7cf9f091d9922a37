export const emulatorPort = () => Number(process.env.AUTH_EMULATOR_PORT ?? 9199);
export const emulatorHost = () => `127.0.0.1:${emulatorPort()}`;
