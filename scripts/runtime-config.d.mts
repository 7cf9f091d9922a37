// Types of runtime-config.mjs for the TypeScript packages that import it (web-server).
export declare const repoRoot: string;
export declare const REMOTE_NAMES: readonly string[];

type Env = Record<string, string | undefined>;

export declare function releasesDir(env?: Env): string;

/** Remote name → URL of the manifest the host loads it from. */
export declare function remotesManifest(env?: Env): Record<string, string>;

export interface AppConfig {
  apiUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl?: string;
  emailjs: { publicKey: string; serviceId: string; templateId: string; origin: string };
}

export declare function appConfig(env?: Env): AppConfig;
