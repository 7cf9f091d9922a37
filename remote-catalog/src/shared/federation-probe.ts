import * as React from 'react';
import { useAuthStore } from 'runtime-kernel';
import { registerFederationProbe } from 'web-kit/federation-probe';

// Imported by every exposed module: records which React and auth store this remote was given, in
// builds for the end-to-end tests only (SB_E2E_PROBE=1, tools/build-config/src/web-config.ts); elsewhere the
// condition is the literal false and the call is compiled away.
if (process.env.SB_E2E_PROBE === '1') registerFederationProbe('catalog', React, useAuthStore);
