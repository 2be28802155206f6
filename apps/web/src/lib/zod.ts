// The web app's zod: vite.config.ts resolves 'zod' here (the contract's schemas included). The same
// library, switched to jitless mode before any schema exists, so it never probes `new Function`: the
// CSP (script-src without 'unsafe-eval') reports that probe as a violation, which browsers log.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
