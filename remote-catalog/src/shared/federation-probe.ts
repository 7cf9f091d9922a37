import * as React from 'react';
import { registerFederationProbe, useAuthStore } from 'shared-auth';

// Imported by every exposed module: records which React and auth store this remote was given.
registerFederationProbe('catalog', React, useAuthStore);
