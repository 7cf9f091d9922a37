// pnpm --filter api seed — migrates and seeds an empty database (the API does this at start too).
// Works while the API runs, like admin:grant (api/README.md#operator-commands). Demo accounts
// (published passwords) only with the emulator, or when SEED_DEMO_ACCOUNTS=1 asks (config.ts).
import { main } from '../operator/cli';

await main('seed');
